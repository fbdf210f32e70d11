/**
 * Instant prices (issue 31 item 1): every fixed price that fits the trip, each a button "Book now, $139"
 * with the driver, the vehicle and what the price includes, beside "or ask for quotes". Used on /book-ride
 * (the form so far) and on the trip page (a posted, open trip). Booking is the caller's (`onBook`): a 409
 * that carries a new price (the driver changed their fare) shows it and turns the button into booking at
 * the new price; any other refusal is said in words next to the prices.
 */
import { BadgeCheck, Star } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { FARE_TEXT } from '../../../../shared/marketplace/fare-messages.ts';
import { type InstantPriceDto, shortAud } from '../../../../shared/marketplace/fares.ts';
import { plural } from '../../../../shared/plural.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { ApiError } from '../../../lib/api.ts';

export interface InstantPricesProps {
  items: InstantPriceDto[] | undefined;
  /** Book at `priceCents` (the price shown): throws ApiError on a refusal. */
  onBook: (item: InstantPriceDto, priceCents: number) => Promise<void>;
  /** What "or ask for quotes" leads to on this page. */
  askForQuotes: ReactNode;
  /** Asks for the list again (after a changed price, so the parts shown are the new ones). */
  onStale?: () => void;
}

/** The new price a 409 carries (issues[path 'priceCents']), or null. */
export function newPriceOf(err: unknown): number | null {
  if (!(err instanceof ApiError) || err.status !== 409) return null;
  const issue = err.issues?.find((i) => i.path === 'priceCents');
  const cents = issue ? Number.parseInt(issue.message, 10) : Number.NaN;
  return Number.isFinite(cents) && cents > 0 ? cents : null;
}

function vehicleLine(p: InstantPriceDto): string {
  const v = p.vehicleCard;
  const extras = [v.wheelchairAccessible ? 'wheelchair accessible' : '', v.childSeats ? 'child seats' : '']
    .filter(Boolean)
    .join(', ');
  return `${v.year} ${v.make} ${v.model}${v.colour ? `, ${v.colour.toLowerCase()}` : ''} · up to ${plural(p.maxPassengers, 'passenger')} and ${plural(p.maxBags, 'bag')}${extras ? ` · ${extras}` : ''}`;
}

export function InstantPrices({ items, onBook, askForQuotes, onStale }: InstantPricesProps) {
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  /** Prices a 409 told us changed, by fare: shown (and booked) instead of the listed ones. */
  const [changed, setChanged] = useState<Record<string, number>>({});
  if (!items || items.length === 0) return null;

  async function book(item: InstantPriceDto) {
    const cents = changed[item.fareId] ?? item.priceCents;
    setBusy(item.fareId);
    setError(null);
    try {
      await onBook(item, cents);
    } catch (err) {
      const fresh = newPriceOf(err);
      if (fresh !== null) {
        setChanged((c) => ({ ...c, [item.fareId]: fresh }));
        onStale?.();
      }
      setError(err instanceof Error ? err.message : 'The booking could not be made. Please try again.');
    } finally {
      setBusy(null);
    }
  }

  return (
    <section
      aria-labelledby="instant-prices-heading"
      className="flex flex-col gap-3 rounded-xl border border-brand-200 bg-white p-4"
      data-testid="instant-prices"
    >
      <h2 id="instant-prices-heading" className="text-lg font-bold">
        {FARE_TEXT.heading}
      </h2>
      <FormError message={error} />
      <ul className="flex flex-col gap-3">
        {items.map((p) => {
          const cents = changed[p.fareId] ?? p.priceCents;
          // Told of a new price the list does not show yet: its old parts would not add up to it.
          const stale = cents !== p.priceCents;
          const rating = p.driver.rating;
          return (
            <li
              key={p.fareId}
              className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-start sm:justify-between"
              data-testid="instant-price"
            >
              <div className="flex min-w-0 flex-col gap-1">
                <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
                  {p.driver.businessName}
                  {p.driver.verifiedAt && (
                    <span className="inline-flex items-center gap-1 text-sm font-medium text-emerald-800">
                      <BadgeCheck className="size-4" aria-hidden="true" /> Verified
                    </span>
                  )}
                  {rating.average !== null && (
                    <span className="inline-flex items-center gap-1 text-sm font-normal text-slate-700">
                      <Star className="size-4 fill-amber-400 text-amber-500" aria-hidden="true" />
                      {rating.average.toFixed(1)}
                      <span className="sr-only">out of 5</span> ({rating.count})
                    </span>
                  )}
                </p>
                <p className="text-sm text-slate-700">{vehicleLine(p)}</p>
                {!stale && (
                  <ul className="text-sm text-slate-700" aria-label={`What ${shortAud(cents)} includes`}>
                    {p.parts.map((part) => (
                      <li key={part.kind}>
                        {part.label}: {shortAud(part.cents)}
                      </li>
                    ))}
                  </ul>
                )}
                {stale && (
                  <p className="text-sm font-semibold text-amber-900">
                    The price changed from {shortAud(p.priceCents)} to {shortAud(cents)}.
                  </p>
                )}
              </div>
              <Button
                type="button"
                className="shrink-0"
                disabled={busy !== null}
                aria-busy={busy === p.fareId || undefined}
                onClick={() => void book(p)}
              >
                {busy === p.fareId ? 'Booking...' : FARE_TEXT.bookNow(cents)}
              </Button>
            </li>
          );
        })}
      </ul>
      <p className="text-sm text-slate-700">
        <span className="font-semibold">{FARE_TEXT.orAskForQuotes}</span>: {askForQuotes}
      </p>
    </section>
  );
}
