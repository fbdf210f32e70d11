/**
 * /driver-fares, "Fixed prices" (issue 31 item 1): the driver's fare table. Each price is a route (from a
 * place or an area to another), a vehicle, what it carries, extras, days, hours and notice; customers who
 * post a fitting trip (or fill /book-ride) see it as "Book now, $139" and book it at once. Add, change
 * (the version goes up: a customer who saw the old price is told the new one) and retire.
 */

import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { WEEKDAY_LABELS, WEEKDAYS } from '../../shared/marketplace/constants.ts';
import { type FareDto, shortAud } from '../../shared/marketplace/fares.ts';
import { plural } from '../../shared/plural.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { FormError } from '../components/ui/field.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { toast } from '../components/ui/toast.tsx';
import { useMyFares, useRetireFare } from '../features/marketplace/fare-table/api.ts';
import { FareEditor } from '../features/marketplace/fare-table/FareEditor.tsx';
import { useVehicles } from '../features/verification/api.ts';
import { ApiError } from '../lib/api.ts';
import { usePageMeta } from '../lib/page-meta.ts';

function daysText(days: FareDto['days']): string {
  if (days.length === 7) return 'Every day';
  return WEEKDAYS.filter((d) => days.includes(d))
    .map((d) => WEEKDAY_LABELS[d].slice(0, 3))
    .join(', ');
}

function extrasText(f: FareDto): string[] {
  const out: string[] = [];
  if (f.includedPassengers !== null)
    out.push(`covers ${f.includedPassengers}, then ${shortAud(f.extraPassengerCents)} a passenger`);
  if (f.childSeatCents !== null)
    out.push(f.childSeatCents ? `child seats ${shortAud(f.childSeatCents)} each` : 'child seats free');
  if (f.afterHours) out.push(`${f.afterHours.start}-${f.afterHours.end} +${shortAud(f.afterHours.cents)}`);
  return out;
}

function FareCard({ fare, onEdit }: { fare: FareDto; onEdit: () => void }) {
  const retire = useRetireFare();
  const [asking, setAsking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const route = `${fare.from.name} to ${fare.to.name}`;
  const extras = extrasText(fare);
  return (
    <li>
      <Card className="flex flex-col gap-2" data-testid="fare-card">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h3 className="text-lg font-bold wrap-anywhere">{route}</h3>
          <p className="text-xl font-bold text-brand-800">{shortAud(fare.priceCents)}</p>
        </div>
        <p className="text-sm text-slate-700">
          Pick up within {fare.from.radiusKm} km, drop off within {fare.to.radiusKm} km · {fare.vehicleLabel}{' '}
          · up to {plural(fare.maxPassengers, 'passenger')} and {plural(fare.maxBags, 'bag')}
        </p>
        <p className="text-sm text-slate-700">
          {daysText(fare.days)}, {fare.hoursStart}-{fare.hoursEnd} · at least {fare.minNoticeMinutes / 60}{' '}
          hours' notice{extras.length ? ` · ${extras.join(' · ')}` : ''}
        </p>
        <FormError message={error} />
        <div className="flex flex-wrap gap-2">
          <Button type="button" variant="secondary" size="sm" onClick={onEdit} aria-label={`Change ${route}`}>
            Change
          </Button>
          {asking ? (
            <>
              <Button
                type="button"
                variant="destructive"
                size="sm"
                disabled={retire.isPending}
                onClick={async () => {
                  setError(null);
                  try {
                    await retire.mutateAsync(fare.id);
                    toast({
                      title: 'Price retired',
                      description: `${route} is no longer sold.`,
                      variant: 'success',
                    });
                  } catch (err) {
                    setError(err instanceof ApiError ? err.message : 'The price could not be retired.');
                  }
                }}
              >
                Yes, stop selling it
              </Button>
              <Button type="button" variant="ghost" size="sm" onClick={() => setAsking(false)}>
                Keep it
              </Button>
            </>
          ) : (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => setAsking(true)}
              aria-label={`Retire ${route}`}
            >
              Retire
            </Button>
          )}
        </div>
      </Card>
    </li>
  );
}

export default function DriverFaresPage() {
  usePageMeta('Fixed prices', 'Your fixed prices: routes customers can book at once.');
  const fares = useMyFares();
  const vehicles = useVehicles();
  const [editing, setEditing] = useState<FareDto | 'new' | null>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const live = (vehicles.data ?? []).filter((v) => v.usable);
  const done = (saved: FareDto | null) => {
    if (saved)
      toast({
        title: 'Price saved',
        description: `${saved.from.name} to ${saved.to.name}`,
        variant: 'success',
      });
    setEditing(null);
    // Back to where the editor was opened from.
    setTimeout(() => addRef.current?.focus(), 0);
  };
  return (
    <div className="flex max-w-4xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold">Fixed prices</h1>
        <p className="mt-2 text-slate-700">
          Set prices for the routes you drive often. Customers whose trip fits a price see "Book now" with it
          and book at once; you are told straight away, as when a quote is accepted. Changing a price never
          changes a booking already made.
        </p>
      </div>
      {editing ? (
        <FareEditor fare={editing === 'new' ? null : editing} vehicles={live} onDone={done} />
      ) : (
        <div>
          <Button
            ref={addRef}
            type="button"
            onClick={() => setEditing('new')}
            disabled={vehicles.isPending || live.length === 0}
          >
            Add a fixed price
          </Button>
          {!vehicles.isPending && live.length === 0 && (
            <p className="mt-2 text-sm text-slate-700">
              Prices name a vehicle with a current safety inspection: add one in your{' '}
              <Link to="/driver-profile" className="font-semibold text-brand-600 underline">
                driver profile
              </Link>{' '}
              first.
            </p>
          )}
        </div>
      )}
      <section aria-labelledby="my-fares-heading" className="flex flex-col gap-3">
        <h2 id="my-fares-heading" className="text-xl font-bold">
          Your prices
        </h2>
        {fares.isPending ? (
          <Loading />
        ) : fares.error ? (
          <p role="alert">Your prices could not be loaded. Please reload the page.</p>
        ) : fares.data.length === 0 ? (
          <p className="text-slate-700">
            No fixed prices yet. Customers can still post trips for you to quote.
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {fares.data.map((f) => (
              <FareCard key={f.id} fare={f} onEdit={() => setEditing(f)} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
