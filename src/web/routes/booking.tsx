/**
 * /booking/{id}: the trip, the agreed fare, the driver's business and vehicle (so the passenger can
 * identify them), both sides' contact details, status and history, calendar download, cancel, complete, rate.
 * While confirmed it leads with the day of the trip and everything that was booked (issue 30). The driver
 * gets a driver's view: the actions of the moment first, then the customer and the pickup, and nothing
 * addressed to a passenger; the customer's and the admin's view keep their order.
 */
import { TriangleAlert } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useParams } from 'react-router';
import type { BookingDto } from '../../shared/marketplace/api.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { BOOKING_STATE_TEXT, cancelledByText, FREE_CANCELLATION_HOURS } from '../../shared/messages.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FormError } from '../components/ui/field.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { BookingReceipt } from '../features/billing/Receipt.tsx';
import { ReportTripProblem } from '../features/issues/ReportTripProblem.tsx';
import { useBooking, useBookingAction } from '../features/marketplace/api.ts';
import { BookedDetails } from '../features/marketplace/components/BookedDetails.tsx';
import { BookingParties, FareAndHistory } from '../features/marketplace/components/BookingRecord.tsx';
import { CancelBookingDialog } from '../features/marketplace/components/CancelBookingDialog.tsx';
import { DayOfTrip } from '../features/marketplace/components/DayOfTrip.tsx';
import { DriverDayOfTrip } from '../features/marketplace/components/DriverDayOfTrip.tsx';
import { PairLegs } from '../features/marketplace/components/PairLegs.tsx';
import { RatingForm } from '../features/marketplace/components/RatingForm.tsx';
import { RideSummary, Stars, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { CustomerTripPanel } from '../features/marketplace/day-of-trip/CustomerTripPanel.tsx';
import { DriverTripControls } from '../features/marketplace/day-of-trip/DriverTripControls.tsx';
import { DriveBackOffer } from '../features/runs/DriveBackOffer.tsx';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

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

  const asDriver = !admin && b.viewerRole === 'driver';

  const header = (
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
        {b.pair && <strong>{b.pair.leg === 'outbound' ? 'Outbound leg: ' : 'Return leg: '}</strong>}
        <StatusText b={b} />
        {admin && b.lateCancellation && ` ${BOOKING_STATE_TEXT.lateCancellationHint}`}
      </p>
      {/* Issue 32: a return pair booked together is one booking with two legs, each with its own status. */}
      {b.pair && (
        <section aria-labelledby="pair-legs-heading" className="flex flex-col gap-2">
          <h2 id="pair-legs-heading" className="text-xl font-bold">
            Return trip: 2 legs, {formatAud(b.pair.totalCents)} for both
          </h2>
          <PairLegs b={b} current={b.id} admin={admin} />
        </section>
      )}
    </div>
  );

  // While confirmed: the day's card (the driver's own for the driver) and everything that was booked.
  const trip =
    b.status === 'confirmed' ? (
      <>
        {asDriver ? <DriverDayOfTrip b={b} /> : <DayOfTrip b={b} />}
        {asDriver && <DriveBackOffer bookingId={b.id} />}
        <BookedDetails b={b} admin={admin} />
      </>
    ) : (
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Trip</h2>
        <RideSummary ride={b.ride} showBudget={false} />
      </Card>
    );

  const parties = <BookingParties b={b} admin={admin} asDriver={asDriver} />;
  const fareAndHistory = <FareAndHistory b={b} />;

  const completeButton = b.canComplete && (
    <Button className="self-start" onClick={complete} disabled={action.isPending}>
      Mark trip completed
    </Button>
  );

  const cancelCard = (b.canCancel || cancelOpen) && (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">{b.pair ? `Cancel the ${b.pair.leg} leg` : 'Cancel this booking'}</h2>
      <p>{BOOKING_STATE_TEXT.policy}</p>
      <CancelBookingDialog
        pickupAt={b.ride.pickupAt}
        {...(b.pair
          ? {
              leg: {
                name: b.pair.leg,
                otherPickupAt: b.pair.other.ride.pickupAt,
                otherConfirmed: b.pair.other.status === 'confirmed',
              },
            }
          : {})}
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
  );

  const receipt = !admin && b.status === 'completed' && b.viewerRole !== 'admin' && (
    <BookingReceipt bookingId={b.id} viewerRole={b.viewerRole} fareCents={b.priceCents} />
  );

  const ratings = (b.canRate || b.myRating || b.theirRating) && (
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
  );

  if (asDriver) {
    // The driver's view: what to do now at the top, then who and where, then the record.
    return (
      <div className="flex flex-col gap-6">
        {header}
        {/* issue 30: trip status controls (the driver's one-tap statuses and the trip's timeline) go here. */}
        <DriverTripControls b={b} />
        <FormError message={error} />
        {completeButton}
        {receipt}
        {ratings}
        {trip}
        {parties}
        {fareAndHistory}
        {/* issue 30: the "Report a problem with this trip" button (ReportTripProblem) goes here. */}
        <ReportTripProblem bookingId={b.id} viewerRole="driver" />
        {cancelCard}
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-6">
      {header}
      {/* issue 30: trip status controls (the trip's status and timeline; the customer's "running late") go here. */}
      <CustomerTripPanel b={b} />
      {trip}
      {parties}
      {fareAndHistory}
      <FormError message={error} />
      {completeButton}
      {/* issue 30: the "Report a problem with this trip" button (ReportTripProblem) goes here (not for admins). */}
      {!admin && b.viewerRole === 'customer' && <ReportTripProblem bookingId={b.id} viewerRole="customer" />}
      {cancelCard}
      {receipt}
      {ratings}
    </div>
  );
}
