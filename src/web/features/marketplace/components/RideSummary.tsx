/**
 * A trip at a glance: route, Sydney time, passengers, luggage, what it needs (child seats, wheelchair...),
 * the other leg of a return trip, budget, distance and indicative price.
 */
import { ArrowRight, Briefcase, CalendarClock, Plane, Repeat, Users } from 'lucide-react';
import type { PlaceDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { LARGE_ITEMS } from '../../../../shared/marketplace/constants.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { needsLabels } from '../../../../shared/marketplace/needs-labels.ts';
import { formatSydney } from '../../../../shared/marketplace/time.ts';

/**
 * One end of a trip on one line, the suburb said once: "Newcastle Airport (NTL), Williamtown NSW 2318",
 * "12 Stockton St, Nelson Bay NSW 2315", "Nelson Bay NSW 2315": the server's label (place-names.ts
 * placeAddress), so the cards need no naming code of their own (the customer dashboard's JS budget).
 */
export const placeLabel = (p: PlaceDto) => p.label ?? `${p.locality} NSW ${p.postcode}`;

export function itemsLabel(items: string[]) {
  return items.map((v) => LARGE_ITEMS.find((i) => i.value === v)?.label ?? v).join(', ');
}

/** '1 passenger', '3 passengers' (the trip summary and the booking's "What was booked" say it alike). */
export const passengersText = (n: number) => `${n} ${n === 1 ? 'passenger' : 'passengers'}`;

/** '2 bags + Golf clubs' */
export function luggageText(ride: Pick<RideDto, 'luggageBags' | 'largeItems'>) {
  const bags = `${ride.luggageBags} ${ride.luggageBags === 1 ? 'bag' : 'bags'}`;
  return ride.largeItems.length > 0 ? `${bags} + ${itemsLabel(ride.largeItems)}` : bags;
}

export function RideSummary({ ride, showBudget = true }: { ride: RideDto; showBudget?: boolean }) {
  return (
    <div className="flex flex-col gap-2 text-sm">
      <p className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
        <span>{placeLabel(ride.pickup)}</span>
        <ArrowRight className="h-4 w-4" aria-label="to" />
        <span>{placeLabel(ride.destination)}</span>
      </p>
      <p className="flex items-center gap-2">
        <CalendarClock className="h-4 w-4" aria-hidden="true" />
        <span>{formatSydney(ride.pickupAt)} (Sydney time)</span>
      </p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <span className="flex items-center gap-1">
          <Users className="h-4 w-4" aria-hidden="true" /> {passengersText(ride.passengers)}
        </span>
        <span className="flex items-center gap-1">
          <Briefcase className="h-4 w-4" aria-hidden="true" /> {luggageText(ride)}
        </span>
        {ride.flightNumber && (
          <span className="flex items-center gap-1">
            <Plane className="h-4 w-4" aria-hidden="true" /> Flight {ride.flightNumber}
          </span>
        )}
      </p>
      <NeedsLine ride={ride} />
      {ride.pair && (
        <p className="flex items-center gap-2 text-slate-800" data-testid="ride-pair">
          <Repeat className="h-4 w-4" aria-hidden="true" />
          <span>
            {ride.pair.leg === 'outbound' ? 'Outbound leg of a return trip' : 'Return leg of a return trip'}
            {ride.pair.otherLegPickupAt &&
              ` · ${ride.pair.leg === 'outbound' ? 'back' : 'out'} ${formatSydney(ride.pair.otherLegPickupAt)}`}
          </span>
        </p>
      )}
      <p className="text-slate-700">
        About {ride.distanceKm.toFixed(1)} km · indicative price {formatAud(ride.indicativePriceCents)}
        {showBudget && ride.budgetCents !== null && <> · budget {formatAud(ride.budgetCents)}</>}
      </p>
      {ride.notes && <p className="text-slate-700">Notes: {ride.notes}</p>}
    </div>
  );
}

/** "Travelling with: 1 infant capsule, Folding wheelchair, 2 surfboards" (nothing when the trip needs nothing). */
export function NeedsLine({ ride }: { ride: Pick<RideDto, 'needs'> }) {
  const labels = needsLabels(ride.needs);
  if (labels.length === 0) return null;
  return (
    <p className="rounded-md bg-amber-50 px-2 py-1 text-amber-950" data-testid="ride-needs">
      <span className="font-semibold">Travelling with:</span> {labels.join(', ')}
    </p>
  );
}

const STATUS_STYLES: Record<string, string> = {
  // A guest's trip waiting for their e-mail confirmation (issue 31): "Awaiting confirmation".
  draft: 'bg-amber-100 text-amber-900',
  open: 'bg-brand-100 text-brand-900',
  booked: 'bg-green-100 text-green-900',
  confirmed: 'bg-green-100 text-green-900',
  completed: 'bg-slate-200 text-slate-900',
  cancelled: 'bg-red-100 text-red-900',
  expired: 'bg-amber-100 text-amber-900',
  pending: 'bg-brand-100 text-brand-900',
  needs_confirmation: 'bg-amber-100 text-amber-900',
  accepted: 'bg-green-100 text-green-900',
  declined: 'bg-slate-200 text-slate-900',
  withdrawn: 'bg-slate-200 text-slate-900',
};

export function StatusBadge({ status }: { status: string }) {
  const label =
    status === 'needs_confirmation'
      ? 'needs confirmation'
      : status === 'draft'
        ? 'awaiting confirmation'
        : status;
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold capitalize ${STATUS_STYLES[status] ?? ''}`}
    >
      {label}
    </span>
  );
}

export function Stars({ value, label }: { value: number | null; label?: string }) {
  if (value === null) return <span className="text-slate-600">No ratings yet</span>;
  return (
    <span role="img" aria-label={label ?? `${value.toFixed(1)} out of 5 stars`} className="text-amber-700">
      {'★'.repeat(Math.round(value))}
      <span className="text-slate-300">{'★'.repeat(5 - Math.round(value))}</span>{' '}
      <span className="text-slate-800">{value.toFixed(1)}</span>
    </span>
  );
}
