/**
 * One run as customers see it (issue 31 item 2): where and when, the driver's public name and rating, the
 * vehicle, seats left and the prices; with the choice of seats ("Book 2 seats") and "Book the vehicle" when
 * `onChoose` is given. Shared by /runs and RunMatches.
 */
import { Star, Users } from 'lucide-react';
import { useId, useState } from 'react';
import { displayLocality } from '../../../shared/marketplace/booking.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import type { RunDto } from '../../../shared/marketplace/runs.ts';
import { formatSydney } from '../../../shared/marketplace/time.ts';
import { plural } from '../../../shared/plural.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';

export type RunChoice = { wholeVehicle: true; seats?: number } | { wholeVehicle: false; seats: number };

const time = (iso: string) =>
  formatSydney(iso, { weekday: undefined, day: undefined, month: undefined, year: undefined });

export function RunWhen({ run }: { run: RunDto }) {
  return (
    <>
      {formatSydney(run.departsFrom, { hour: undefined, minute: undefined })}, leaving {time(run.departsFrom)}{' '}
      to {time(run.departsUntil)} (Sydney time)
    </>
  );
}

export function RunCard({
  run,
  onChoose,
  initialSeats = 1,
  headingLevel = 3,
}: {
  run: RunDto;
  onChoose?: (choice: RunChoice) => void;
  initialSeats?: number;
  /** The card's title level in the page's outline (2 when it heads a section of its own). */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const id = useId();
  const [seats, setSeats] = useState(Math.min(Math.max(1, initialSeats), Math.max(1, run.seatsLeft)));
  const title = `${displayLocality(run.fromName)} to ${displayLocality(run.toName)}`;
  return (
    <Card className="flex flex-col gap-3" data-testid="run-card">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading className="text-lg font-semibold">{title}</Heading>
        {run.seatPriceCents !== null && (
          <p className="text-lg font-bold text-brand-800">{formatAud(run.seatPriceCents)} a seat</p>
        )}
      </div>
      <p className="text-sm text-slate-700">
        <RunWhen run={run} />
      </p>
      <p className="text-sm text-slate-700">
        Picks up within {run.fromRadiusKm} km of {displayLocality(run.fromName)}, drops off within{' '}
        {run.toRadiusKm} km of {displayLocality(run.toName)}.
      </p>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-800">
        <span>
          {run.driver.name}
          {run.driver.rating !== null && (
            <span className="ml-2 inline-flex items-center gap-1">
              <Star aria-hidden="true" className="size-4 text-sun-500" />
              {run.driver.rating.toFixed(1)}
              <span className="sr-only"> out of 5,</span> ({run.driver.ratingCount})
            </span>
          )}
        </span>
        <span>{run.vehicle.label}</span>
        <span className="inline-flex items-center gap-1 font-semibold">
          <Users aria-hidden="true" className="size-4" />
          {run.seatsLeft} of {plural(run.seatsTotal, 'seat')} left
        </span>
      </p>
      {onChoose && (
        <div className="flex flex-wrap items-end gap-3">
          {run.seatPriceCents !== null && run.seatsLeft > 0 && (
            <>
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-seats`} className="text-sm font-medium text-slate-800">
                  Seats
                </label>
                <select
                  id={`${id}-seats`}
                  className="h-11 rounded-md border border-slate-400 bg-white px-3 text-base"
                  value={seats}
                  onChange={(e) => setSeats(Number(e.target.value))}
                >
                  {Array.from({ length: run.seatsLeft }, (_, i) => i + 1).map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </select>
              </div>
              <Button onClick={() => onChoose({ wholeVehicle: false, seats })}>
                Book {seats} seat{seats === 1 ? '' : 's'}, {formatAud(run.seatPriceCents * seats)}
              </Button>
            </>
          )}
          {run.vehicleAvailable && run.vehiclePriceCents !== null && (
            <Button variant="secondary" onClick={() => onChoose({ wholeVehicle: true })}>
              Book the vehicle, {formatAud(run.vehiclePriceCents)}
            </Button>
          )}
        </div>
      )}
    </Card>
  );
}
