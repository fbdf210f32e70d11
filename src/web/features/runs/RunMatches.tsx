/**
 * Runs that fit a trip being planned (issue 31 item 2), for /book-ride: drivers' runs from near the pickup
 * to near the destination on that date with enough seats left, each with a link to book it on /runs (the
 * places and seats carried along). Renders nothing when none fit, so the trip form stays short.
 */
import { Link } from 'react-router';
import { runSearchQuery, useRunSearch } from './api.ts';
import { RunCard } from './RunCard.tsx';

export interface RunMatchesProps {
  pickup: { name: string; lat?: number; lng?: number } | null;
  destination: { name: string; lat?: number; lng?: number } | null;
  /** The trip's Sydney date, 'YYYY-MM-DD'. */
  date: string | null;
  passengers: number;
}

export function RunMatches({ pickup, destination, date, passengers }: RunMatchesProps) {
  const ready = Boolean(pickup?.name && destination?.name && date);
  const params = { from: pickup?.name, to: destination?.name, date: date ?? undefined };
  const runs = useRunSearch(params, ready);
  const fitting = (runs.data ?? []).filter((r) => r.seatsLeft >= passengers || r.vehicleAvailable);
  if (!ready || fitting.length === 0) return null;
  const query = runSearchQuery(params);
  return (
    <section aria-labelledby="run-matches-heading" className="flex flex-col gap-3">
      <h2 id="run-matches-heading" className="text-xl font-semibold">
        Seats on drivers' runs that day
      </h2>
      <p className="text-sm text-slate-700">
        These drivers are making this trip anyway: book seats at a fixed price, or ask for quotes below.
      </p>
      {fitting.map((run) => (
        <div key={run.id} className="flex flex-col gap-2">
          <RunCard run={run} />
          <Link
            to={`/runs?${query}&run=${run.id}&seats=${Math.min(passengers, Math.max(1, run.seatsLeft))}`}
            className="self-start font-semibold text-brand-600 underline underline-offset-4"
          >
            Book seats on this run
          </Link>
        </div>
      ))}
    </section>
  );
}
