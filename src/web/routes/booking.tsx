/**
 * /booking/{id}: the trip, the agreed fare, the driver's business and vehicle (so the passenger can
 * identify them), both sides' contact details, status and history, calendar download, cancel, complete, rate.
 */
import { CalendarPlus } from 'lucide-react';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ContactDto } from '../../shared/marketplace/api.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { Avatar } from '../components/ui/avatar.tsx';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { Field, FormError } from '../components/ui/field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useBooking, useBookingAction } from '../features/marketplace/api.ts';
import { RatingForm } from '../features/marketplace/components/RatingForm.tsx';
import { RideSummary, Stars, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

function Contact({ title, contact }: { title: string; contact: ContactDto }) {
  return (
    <div>
      <h3 className="font-semibold">{title}</h3>
      <p className="flex items-center gap-2">
        <Avatar src={contact.avatarUrl} name={contact.name} email={contact.email} size="sm" decorative />
        {contact.name}
      </p>
      <p>
        <a href={`mailto:${contact.email}`} className="text-brand-dark underline">
          {contact.email}
        </a>
      </p>
      {contact.phone && (
        <p>
          <a href={`tel:${contact.phone}`} className="text-brand-dark underline">
            {contact.phone}
          </a>
        </p>
      )}
    </div>
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
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  if (booking.isPending) return <Loading />;
  if (booking.error) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-3xl font-bold">Booking details</h1>
        <p role="alert">This booking could not be found.</p>
      </div>
    );
  }
  const b = booking.data;
  const v = b.driver.vehicle;

  async function run(kind: 'cancel' | 'complete') {
    setError(null);
    try {
      await action.mutateAsync({ action: kind, reason });
      toast({ title: kind === 'cancel' ? 'Booking cancelled' : 'Trip completed', variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'That did not work. Please try again.');
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">Booking details</h1>
        <StatusBadge status={b.status} />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Trip</h2>
          <RideSummary ride={b.ride} showBudget={false} />
          <a
            href={`/api/bookings/${b.id}/calendar.ics`}
            download
            className="inline-flex items-center gap-2 self-start font-semibold text-brand-dark underline underline-offset-4"
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" /> Add to calendar
          </a>
        </Card>
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">Agreed fare</h2>
          <p className="text-3xl font-bold" data-testid="agreed-fare">
            {formatAud(b.priceCents)}
          </p>
          <p className="text-sm" data-testid="booking-fare-statement">
            {b.fareStatement}
          </p>
          <p className="text-sm text-slate-700">Accepted {formatSydney(b.acceptedAt)} (Sydney time)</p>
        </Card>
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">Driver and vehicle</h2>
          <p className="font-semibold">{b.driver.companyName}</p>
          <p className="text-sm">BSP number {b.driver.bspNumber}</p>
          <p data-testid="vehicle">
            {[v.make, v.model].filter(Boolean).join(' ') || 'Vehicle'}
            {v.color && `, ${v.color}`}
            {v.registration && ` · registration ${v.registration}`} · {v.capacity} seats
          </p>
        </Card>
        <Card className="grid gap-4 sm:grid-cols-2" data-testid="contacts">
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
      <Card className="flex flex-col gap-2">
        <h2 className="text-xl font-bold">History</h2>
        <ol className="flex flex-col gap-1 text-sm">
          {b.history.map((h) => (
            <li key={`${h.type}-${h.at}`}>
              <span className="font-semibold capitalize">{h.type.replace(/_/g, ' ')}</span> ·{' '}
              {formatSydney(h.at)} · {h.by}
              {h.note && `: ${h.note}`}
            </li>
          ))}
        </ol>
        {b.cancelReason && <p className="text-sm">Cancellation reason: {b.cancelReason}</p>}
      </Card>
      <FormError message={error} />
      {b.canComplete && (
        <Button className="self-start" onClick={() => run('complete')} disabled={action.isPending}>
          Mark trip completed
        </Button>
      )}
      {b.canCancel && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Cancel this booking</h2>
          <Field label="Reason for cancelling" value={reason} onChange={(e) => setReason(e.target.value)} />
          <Button
            variant="destructive"
            className="self-start"
            onClick={() => run('cancel')}
            disabled={action.isPending}
          >
            Cancel booking
          </Button>
        </Card>
      )}
      {(b.canRate || b.myRating || b.theirRating) && (
        <Card className="flex flex-col gap-3">
          <h2 className="text-xl font-bold">Ratings</h2>
          {b.canRate && (
            <RatingForm
              bookingId={b.id}
              about={b.viewerRole === 'driver' ? 'your customer' : 'your driver'}
            />
          )}
          {b.myRating && (
            <p>
              You rated: <Stars value={b.myRating.stars} /> {b.myRating.comment && `“${b.myRating.comment}”`}
            </p>
          )}
          {b.theirRating ? (
            <p data-testid="their-rating">
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
