/**
 * /booking/{id}: the trip, the agreed fare, the driver's business and vehicle (so the passenger can
 * identify them), both sides' contact details, status and history, calendar download, cancel, complete, rate.
 */
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { BookingDto, ContactDto } from '../../shared/marketplace/api.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT, cancelledByText, FREE_CANCELLATION_HOURS } from '../../shared/messages.ts';
import { Avatar } from '../components/ui/avatar.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FormError } from '../components/ui/field.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { BookingReceipt } from '../features/billing/Receipt.tsx';
import { DriverTrustLines, VehicleLine } from '../features/driver-card/DriverCard.tsx';
import { useBooking, useBookingAction } from '../features/marketplace/api.ts';
import { CancelBookingDialog } from '../features/marketplace/components/CancelBookingDialog.tsx';
import { DayOfTrip } from '../features/marketplace/components/DayOfTrip.tsx';
import { RatingForm } from '../features/marketplace/components/RatingForm.tsx';
import { RideSummary, Stars, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';
import { phoneDisplay } from '../lib/phone-display.ts';

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

/** One sentence on where the booking stands, and what the cancellation policy means for it now. */
function StatusText({ b }: { b: BookingDto }) {
  if (b.status === 'cancelled') {
    return (
      <>
        <strong>{cancelledByText(b)}</strong>
        {b.cancelledAt && ` on ${formatSydney(b.cancelledAt)}`}
        {b.cancelReason && `: “${b.cancelReason}”`}.
      </>
    );
  }
  if (b.status === 'completed') {
    return (
      <>
        <strong>Completed</strong>
        {b.completedAt && ` on ${formatSydney(b.completedAt)}`}.
      </>
    );
  }
  const freeUntil = new Date(b.ride.pickupAt).getTime() - FREE_CANCELLATION_HOURS * 3_600_000;
  if (b.viewerRole === 'admin') return <strong>Confirmed.</strong>;
  return (
    <>
      <strong>Confirmed.</strong>{' '}
      {Date.now() < freeUntil
        ? `Free to cancel until ${formatSydney(new Date(freeUntil))} (Sydney time).`
        : `Pickup is less than ${FREE_CANCELLATION_HOURS} hours away: a cancellation now is recorded as late.`}
    </>
  );
}

export default function BookingPage() {
  return <BookingView />;
}

/**
 * One booking. `admin`: as /admin/bookings/{id} shows it to an administrator, who oversees it (both
 * sides' details and the history) but is not a party to it, so has nothing to cancel, complete or rate.
 */
export function BookingView({ admin = false }: { admin?: boolean }) {
  usePageMeta(
    admin ? 'Admin Booking Details' : 'Booking Details',
    admin
      ? 'A booking as administrators see it: both sides, the fare and the history.'
      : 'The trip, the agreed price, the driver and the vehicle.',
  );
  const { id = '' } = useParams();
  const booking = useBooking(id);
  const action = useBookingAction(id);
  const [error, setError] = useState<string | null>(null);
  // The dialog stays mounted while open, even once the booking can no longer be cancelled.
  const [cancelOpen, setCancelOpen] = useState(false);
  // After an action its button is gone: focus moves to what it changed (issue 12: never lost to the body).
  const [focusAfter, setFocusAfter] = useState<null | 'status' | 'rating'>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);
  const myRatingRef = useRef<HTMLParagraphElement>(null);
  const b = booking.data;
  useEffect(() => {
    if (focusAfter === 'status' && b && b.status !== 'confirmed') {
      statusRef.current?.focus();
      setFocusAfter(null);
    } else if (focusAfter === 'rating' && b?.myRating) {
      myRatingRef.current?.focus();
      setFocusAfter(null);
    }
  }, [focusAfter, b]);
  if (booking.isPending) return <SkeletonCards count={2} label="Loading the booking..." />;
  if (booking.error || !b) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Booking details</h1>
        <p role="alert">This booking could not be found.</p>
      </div>
    );
  }
  const v = b.driver.vehicle;

  async function complete() {
    setError(null);
    try {
      await action.mutateAsync({ action: 'complete' });
      toast({ title: 'Trip completed', variant: 'success' });
      setFocusAfter('status');
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  }

  async function cancel(reason: string) {
    await action.mutateAsync({ action: 'cancel', reason });
    toast({ title: 'Booking cancelled', variant: 'success' });
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-3">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-bold">Booking details</h1>
          <StatusBadge status={b.status} />
          {admin && b.lateCancellation && (
            <span
              className="inline-flex items-center gap-1 rounded-full border border-amber-700 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-950"
              data-testid="late-cancellation"
            >
              <TriangleAlert className="h-4 w-4" aria-hidden="true" />
              {BOOKING_STATE_TEXT.lateCancellation}
            </span>
          )}
        </div>
        <p ref={statusRef} tabIndex={-1} className="text-lg wrap-anywhere" data-testid="booking-status">
          <StatusText b={b} />
          {admin && b.lateCancellation && ` ${BOOKING_STATE_TEXT.lateCancellationHint}`}
        </p>
      </div>
      {b.status === 'confirmed' ? (
        <DayOfTrip b={b} />
      ) : (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Trip</h2>
          <RideSummary ride={b.ride} showBudget={false} />
        </Card>
      )}
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2 [&>*]:min-w-0">
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">Driver and vehicle</h2>
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
            · {v.capacity} seats
          </p>
        </Card>
        <Card className="grid grid-cols-1 content-start gap-4 sm:grid-cols-2" data-testid="contacts">
          <h2 className="text-xl font-bold sm:col-span-2">Contact details</h2>
          <Contact title="Driver" contact={b.driver.contact} />
          <Contact title="Customer" contact={b.customer.contact} />
          <p className="text-sm text-slate-700 sm:col-span-2">
            {admin
              ? 'The two sides contact each other and settle payment directly.'
              : 'Contact each other directly; you pay the driver directly.'}
          </p>
        </Card>
      </div>
      {/* The fare is agreed and settled between the two sides: its statement is folded (issue 18). */}
      <details className="group rounded-xl border border-slate-200 bg-white shadow-card">
        <summary className="flex cursor-pointer flex-wrap items-baseline gap-x-3 gap-y-1 rounded-xl p-5">
          <h2 className="text-xl font-bold">Agreed fare</h2>
          <span className="text-2xl font-bold text-brand-950" data-testid="agreed-fare">
            {formatAud(b.priceCents)}
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
      <FormError message={error} />
      {b.canComplete && (
        <Button className="self-start" onClick={complete} disabled={action.isPending}>
          Mark trip completed
        </Button>
      )}
      {(b.canCancel || cancelOpen) && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Cancel this booking</h2>
          <p>{BOOKING_STATE_TEXT.policy}</p>
          <CancelBookingDialog
            pickupAt={b.ride.pickupAt}
            otherSide={b.viewerRole === 'driver' ? 'the customer' : 'the driver'}
            onConfirm={cancel}
            onCancelled={() => setFocusAfter('status')}
            onOpenChange={(open) => {
              setCancelOpen(open);
              // Closed after a refusal (the other side cancelled first): the button is going, focus the status.
              if (!open && !b.canCancel) setFocusAfter('status');
            }}
          />
        </Card>
      )}
      {!admin && b.status === 'completed' && b.viewerRole !== 'admin' && (
        <BookingReceipt bookingId={b.id} viewerRole={b.viewerRole} fareCents={b.priceCents} />
      )}
      {(b.canRate || b.myRating || b.theirRating) && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Ratings</h2>
          {b.canRate && (
            <RatingForm
              bookingId={b.id}
              about={b.viewerRole === 'driver' ? 'your customer' : 'your driver'}
              onRated={() => setFocusAfter('rating')}
            />
          )}
          {b.myRating && (
            <p ref={myRatingRef} tabIndex={-1} className="wrap-anywhere">
              You rated: <Stars value={b.myRating.stars} /> {b.myRating.comment && `“${b.myRating.comment}”`}
            </p>
          )}
          {b.theirRating ? (
            <p data-testid="their-rating" className="wrap-anywhere">
              {b.theirRating.fromName} rated you: <Stars value={b.theirRating.stars} />{' '}
              {b.theirRating.comment && `“${b.theirRating.comment}”`}
            </p>
          ) : (
            b.myRating && (
              <p className="text-sm text-slate-700">
                The other side's rating appears once they rate, or after 7 days.
              </p>
            )
          )}
        </Card>
      )}
    </div>
  );
}
