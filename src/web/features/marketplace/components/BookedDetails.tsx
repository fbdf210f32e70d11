/**
 * "What was booked" on a confirmed booking (issue 30): both addresses, passengers, bags, every need with
 * its count, the flight, the customer's note and the other leg of a return trip, for the customer, the
 * driver and the admin alike. The words are the trip summary's (RideSummary, needs-labels), so a booking
 * says what the request said.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { BookingDto } from '../../../../shared/marketplace/api.ts';
import { needsLabels } from '../../../../shared/marketplace/needs-labels.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';
import { api } from '../../../lib/api.ts';
import { cn } from '../../../lib/cn.ts';
import { luggageText, passengersText, placeLabel } from './RideSummary.tsx';

function Fact({
  label,
  testId,
  wide = false,
  children,
}: {
  label: string;
  testId: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-0.5', wide && 'sm:col-span-2')}>
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="text-base text-slate-900 wrap-anywhere" data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}

/**
 * The other leg of a return pair, linked to its booking when the viewer can see one (GET /api/bookings?rideId=
 * answers only the viewer's own bookings, every one for an admin): its pickup time and flight come from
 * that booking. Otherwise it says the leg is not booked (here), and the customer gets their request's page.
 */
function OtherLeg({ b, admin }: { b: BookingDto; admin: boolean }) {
  const pair = b.ride.pair!;
  const rideId = pair.otherLegRideId;
  const legs = useQuery({
    queryKey: ['bookings', { rideId }],
    queryFn: () =>
      api<{ items: BookingDto[] }>(`/api/bookings?rideId=${encodeURIComponent(rideId)}`).then((r) => r.items),
    meta: { errorToast: false },
  });
  const other = legs.data?.find((x) => x.status !== 'cancelled') ?? legs.data?.[0];
  const name = pair.leg === 'outbound' ? 'Return leg' : 'Outbound leg';
  const linkClass = 'font-semibold text-brand-600 underline underline-offset-4';
  if (!other) {
    if (!legs.isSuccess) return <span>{name}</span>;
    if (b.viewerRole === 'customer') {
      return (
        <Link to={`/driver-matching/${rideId}`} className={linkClass}>
          {name}: not booked yet, see its quotes
        </Link>
      );
    }
    return (
      <span>
        {name}: not booked{b.viewerRole === 'driver' && ' with you'}
      </span>
    );
  }
  const at = other.ride.pickupAt;
  const flight = other.ride.flightNumber ? `, flight ${other.ride.flightNumber}` : '';
  return (
    <span>
      <Link to={admin ? `/admin/bookings/${other.id}` : `/booking/${other.id}`} className={linkClass}>
        {name}: {formatSydney(at)} (Sydney time){flight}
      </Link>
      {other.status !== 'confirmed' && <span className="text-slate-700"> ({other.status})</span>}
    </span>
  );
}

export function BookedDetails({ b, admin = false }: { b: BookingDto; admin?: boolean }) {
  const { ride } = b;
  const needs = needsLabels(ride.needs);
  const note = ride.notes.trim();
  return (
    <section
      aria-labelledby="booked-details"
      className="flex flex-col gap-4 rounded-xl border border-slate-200 bg-white p-5 shadow-card"
      data-testid="booked-details"
    >
      <h2 id="booked-details" className="text-xl font-bold">
        What was booked
      </h2>
      <dl className="grid grid-cols-1 gap-x-6 gap-y-3 sm:grid-cols-2">
        <Fact label="Pickup" testId="booked-from">
          {placeLabel(ride.pickup)}
        </Fact>
        <Fact label="Drop-off" testId="booked-to">
          {placeLabel(ride.destination)}
        </Fact>
        <Fact label="Passengers" testId="booked-passengers">
          {passengersText(ride.passengers)}
        </Fact>
        <Fact label="Luggage" testId="booked-luggage">
          {luggageText(ride)}
        </Fact>
        <Fact label="Needs" testId="booked-needs">
          {needs.length > 0 ? (
            <ul className="flex flex-col gap-0.5 font-semibold">
              {needs.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          ) : (
            'Nothing beyond seats and bags'
          )}
        </Fact>
        {ride.flightNumber && (
          <Fact label="Flight" testId="booked-flight">
            {ride.flightNumber}
          </Fact>
        )}
        {note && (
          <Fact
            label={b.viewerRole === 'customer' ? 'Your note for the driver' : 'Note from the customer'}
            testId="booked-notes"
            wide
          >
            <span className="block rounded-md border-l-4 border-amber-600 bg-amber-50 px-3 py-2 text-amber-950">
              {note}
            </span>
          </Fact>
        )}
        {ride.pair && (
          <Fact label="Return trip" testId="booked-pair" wide>
            <OtherLeg b={b} admin={admin} />
          </Fact>
        )}
      </dl>
    </section>
  );
}
