/**
 * /driver-runs (drivers, issue 31 item 2): publish a run, take up "Publish your drive back" after a long
 * drop-off (the form filled in from the booking), and the driver's runs with seats sold and a cancel.
 */
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { displayLocality } from '../../shared/marketplace/booking.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { type DriveBackOfferDto, RUN_TEXT } from '../../shared/marketplace/runs.ts';
import { formatSydney, sydneyToUtc } from '../../shared/marketplace/time.ts';
import { plural } from '../../shared/plural.ts';
import { cancelRunSchema } from '../../shared/validation/runs.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { ConfirmDialog } from '../components/ui/confirm-dialog.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useCancelRun, useDriveBacks, useMyRuns } from '../features/runs/api.ts';
import { EMPTY_RUN, PublishRunForm, type RunFormValues } from '../features/runs/PublishRunForm.tsx';
import { RunWhen } from '../features/runs/RunCard.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

function fromOffer(o: DriveBackOfferDto): RunFormValues {
  return {
    ...EMPTY_RUN,
    from: { locality: o.from.locality, postcode: o.from.postcode, address: '' },
    to: { locality: o.to.locality, postcode: o.to.postcode, address: '' },
    date: o.date,
    windowStart: o.windowStart,
    windowEnd: o.windowEnd,
    vehicleId: o.vehicleId ?? '',
    seats: String(o.seats),
    bags: String(o.bags),
    afterBookingId: o.bookingId,
  };
}

export default function DriverRunsPage() {
  usePageMeta('My runs', 'Sell the empty seats on trips you are making anyway.');
  const [params] = useSearchParams();
  const runs = useMyRuns();
  const offers = useDriveBacks(params.get('booking') ?? undefined);
  const cancel = useCancelRun();
  const [form, setForm] = useState<{ values: RunFormValues; title: string; key: number } | null>(null);
  const [published, setPublished] = useState(false);
  const formRef = useRef<HTMLDivElement>(null);
  const statusRef = useRef<HTMLParagraphElement>(null);

  function open(values: RunFormValues, title: string) {
    setPublished(false);
    setForm({ values, title, key: Date.now() });
    setTimeout(() => formRef.current?.focus(), 0);
  }

  // Arriving from a booking's "Publish your drive back": its form opens at once, filled in.
  const fromBooking = params.get('booking');
  const firstOffer = offers.data?.[0];
  const opened = useRef(false);
  useEffect(() => {
    if (fromBooking && firstOffer && !opened.current) {
      opened.current = true;
      setForm({ values: fromOffer(firstOffer), title: RUN_TEXT.driveBackTitle, key: Date.now() });
      setTimeout(() => formRef.current?.focus(), 0);
    }
  }, [fromBooking, firstOffer]);

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold">My runs</h1>
        <Button onClick={() => open(EMPTY_RUN, 'Publish a run')}>Publish a run</Button>
      </div>
      <p className="max-w-2xl text-slate-700">
        A run is a trip you make anyway, such as the drive home after an airport drop-off. Customers book its
        seats, or the whole vehicle, at your price and are picked up and dropped off on the way.
      </p>
      <p ref={statusRef} tabIndex={-1} aria-live="polite" className="outline-none">
        {published && (
          <span className="block rounded-md bg-green-50 p-3 text-green-900">
            Your run is published. Customers can find it on the runs page.
          </span>
        )}
      </p>

      {(offers.data ?? []).map((o) => (
        <Card
          key={o.bookingId}
          className="flex flex-col gap-2 border-sun-300 bg-sun-50"
          data-testid="drive-back"
        >
          <h2 className="text-lg font-semibold">{RUN_TEXT.driveBackTitle}</h2>
          <p>
            {RUN_TEXT.driveBackBody(o.distanceKm)} {o.from.label} to {o.to.label},{' '}
            {formatSydney(sydneyToUtc(o.date, o.windowStart) ?? new Date())} (Sydney time).
          </p>
          <Button className="self-start" onClick={() => open(fromOffer(o), RUN_TEXT.driveBackTitle)}>
            {RUN_TEXT.driveBackTitle}
          </Button>
        </Card>
      ))}

      {form && (
        <div ref={formRef} tabIndex={-1} className="outline-none">
          <Card>
            <PublishRunForm
              key={form.key}
              initial={form.values}
              title={form.title}
              onPublished={() => {
                setForm(null);
                setPublished(true);
                setTimeout(() => statusRef.current?.focus(), 0);
              }}
            />
          </Card>
        </div>
      )}

      <section aria-labelledby="my-runs" className="flex flex-col gap-3">
        <h2 id="my-runs" className="text-xl font-semibold">
          Your runs
        </h2>
        {runs.isPending ? (
          <SkeletonCards />
        ) : runs.error ? (
          <LoadError what="Your runs" error={runs.error} onRetry={() => void runs.refetch()} />
        ) : runs.data.length === 0 ? (
          <p className="text-slate-700">You have not published a run yet.</p>
        ) : (
          runs.data.map((run) => (
            <Card key={run.id} className="flex flex-col gap-2" data-testid="my-run">
              <h3 className="text-lg font-semibold">
                {displayLocality(run.fromName)} to {displayLocality(run.toName)}
                {run.status === 'cancelled' && <span className="ml-2 text-sm text-red-700">Cancelled</span>}
              </h3>
              <p className="text-sm text-slate-700">
                <RunWhen run={run} />
              </p>
              <p className="text-sm">
                {run.seatsTotal - run.seatsLeft} of {plural(run.seatsTotal, 'seat')} sold
                {run.vehicleSold ? ' (the whole vehicle)' : ''}, {run.bookings} booking
                {run.bookings === 1 ? '' : 's'}.{' '}
                {run.seatPriceCents !== null && `${formatAud(run.seatPriceCents)} a seat. `}
                {run.vehiclePriceCents !== null && `${formatAud(run.vehiclePriceCents)} the vehicle. `}
                {run.autoQuote && 'Quoted automatically on fitting requests.'}
              </p>
              {run.status === 'open' && new Date(run.departsUntil).getTime() > Date.now() && (
                <ConfirmDialog
                  trigger={
                    <Button variant="secondary" className="self-start">
                      Cancel run
                    </Button>
                  }
                  title="Cancel this run?"
                  description={
                    run.bookings > 0
                      ? `Its ${run.bookings} booking${run.bookings === 1 ? ' is' : 's are'} cancelled too and the customers are told why.`
                      : 'Nobody has booked it yet.'
                  }
                  reason={{
                    label: 'Reason for cancelling',
                    hint: 'Customers who booked read it.',
                    maxLength: 500,
                    required: true,
                    schema: cancelRunSchema,
                  }}
                  backLabel="Keep run"
                  confirmLabel="Yes, cancel run"
                  busyLabel="Cancelling..."
                  failure="The run could not be cancelled. Please try again."
                  variant="destructive"
                  onConfirm={(reason) => cancel.mutateAsync({ id: run.id, reason })}
                />
              )}
            </Card>
          ))
        )}
      </section>
    </div>
  );
}
