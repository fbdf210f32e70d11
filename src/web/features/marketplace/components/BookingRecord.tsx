/**
 * The booking page's record of the two sides and the fare (split from routes/booking.tsx): the driver's
 * business and vehicle, both sides' contact details, the agreed fare (folded) and the history. The driver
 * reads it addressed to them ("the customer pays you directly"), never as a passenger.
 */
import type { BookingDto, ContactDto } from '../../../../shared/marketplace/api.ts';
import { bookingOriginText } from '../../../../shared/marketplace/booking-origin-text.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { plural } from '../../../../shared/plural.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { phoneDisplay } from '../../../lib/phone-display.ts';
import { DriverTrustLines, VehicleLine } from '../../driver-card/DriverCard.tsx';

function Contact({ title, contact }: { title: string; contact: ContactDto }) {
  const phone = contact.phone ? phoneDisplay(contact.phone) : null;
  return (
    <div className="flex min-w-0 flex-col gap-1 wrap-anywhere">
      <h3 className="font-semibold">{title}</h3>
      <p className="flex items-center gap-2">
        <Avatar src={contact.avatarUrl} name={contact.name} email={contact.email} size="sm" decorative />
        <span className="min-w-0">{contact.name}</span>
      </p>
      <p>
        <a href={`mailto:${contact.email}`} className="text-brand-600 underline">
          {contact.email}
        </a>
      </p>
      <p data-testid="contact-phone">
        {phone ? (
          <a href={phone.href} className="text-brand-600 underline">
            <span className="sr-only">Phone </span>
            {phone.text}
          </a>
        ) : (
          <span className="text-slate-700">{BOOKING_STATE_TEXT.noPhone}</span>
        )}
      </p>
    </div>
  );
}

/** The driver's business and vehicle, and both sides' contact details. */
export function BookingParties({ b, admin, asDriver }: { b: BookingDto; admin: boolean; asDriver: boolean }) {
  const v = b.driver.vehicle;
  return (
    <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
      <Card className="flex flex-col gap-2">
        <h2 className="text-xl font-bold">
          {asDriver ? 'Your business and vehicle, as the customer sees them' : 'Driver and vehicle'}
        </h2>
        <div className="flex items-center gap-3">
          <Avatar src={b.driverCard.avatarUrl} name={b.driverCard.businessName} size="md" decorative />
          <p className="font-semibold" data-testid="driver-business-name">
            {b.driverCard.businessName}
          </p>
        </div>
        <p className="text-sm">BSP number {b.driver.bspNumber}</p>
        <ul className="flex flex-col gap-2 text-base" data-testid="driver-card">
          <DriverTrustLines driver={b.driverCard} />
          {b.vehicleCard && <VehicleLine vehicle={b.vehicleCard} />}
        </ul>
        <p data-testid="vehicle">
          {[v.make, v.model].filter(Boolean).join(' ') || 'Vehicle'}
          {v.color && `, ${v.color}`}
          {v.registration && (
            <>
              {' · registration '}
              <span className="rounded border-2 border-slate-800 px-1.5 font-mono font-bold tracking-wider">
                {v.registration}
              </span>
            </>
          )}{' '}
          · {plural(v.capacity, 'seat')}
        </p>
      </Card>
      <Card className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2" data-testid="contacts">
        <h2 className="text-xl font-bold sm:col-span-2">Contact details</h2>
        {asDriver ? (
          <>
            <Contact title="Customer" contact={b.customer.contact} />
            <Contact title="You, as the customer sees you" contact={b.driver.contact} />
          </>
        ) : (
          <>
            <Contact title="Driver" contact={b.driver.contact} />
            <Contact title="Customer" contact={b.customer.contact} />
          </>
        )}
        <p className="text-sm text-slate-700 sm:col-span-2">
          {admin
            ? 'The two sides contact each other and settle payment directly.'
            : asDriver
              ? 'Contact each other directly; the customer pays you directly.'
              : 'Contact each other directly; you pay the driver directly.'}
        </p>
      </Card>
    </div>
  );
}

/** The agreed fare (its statement folded, issue 18) and the booking's history. */
export function FareAndHistory({ b }: { b: BookingDto }) {
  return (
    <>
      {/* The fare is agreed and settled between the two sides: its statement is folded (issue 18). */}
      <details className="group rounded-xl border border-slate-200 bg-white shadow-card">
        <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl p-5">
          <h2 className="text-xl font-bold">Agreed fare</h2>
          <span className="text-2xl font-bold text-brand-950" data-testid="agreed-fare">
            {formatAud(b.priceCents)}
          </span>
          {/* Issue 31: how it was booked, for all three viewers (a quote, an instant price, a run). */}
          <span className="text-slate-800" data-testid="booking-origin">
            Booked: {bookingOriginText(b.origin, b.seats)}
          </span>
          <span className="text-sm font-semibold text-brand-600 underline underline-offset-4">
            <span className="group-open:hidden">Show the fare statement</span>
            <span className="hidden group-open:inline">Hide the fare statement</span>
          </span>
        </summary>
        <div className="flex flex-col gap-2 px-5 pb-5">
          <p className="text-sm wrap-anywhere" data-testid="booking-fare-statement">
            {b.fareStatement}
          </p>
          <p className="text-sm text-slate-700">Accepted {formatSydney(b.acceptedAt)} (Sydney time)</p>
        </div>
      </details>
      <Card className="flex flex-col gap-2">
        <h2 className="text-xl font-bold">History</h2>
        <ol className="flex flex-col gap-1 text-sm wrap-anywhere">
          {b.history.map((h) => (
            <li key={`${h.type}-${h.at}`}>
              <span className="font-semibold capitalize">{h.type.replace(/_/g, ' ')}</span> ·{' '}
              {formatSydney(h.at)} · {h.by === 'admin' ? 'ShuttleQuote' : h.by}
              {h.note && `: ${h.note}`}
            </li>
          ))}
        </ol>
      </Card>
    </>
  );
}
