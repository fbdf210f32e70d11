/**
 * The quotes of one request, compared: live quotes sorted by price (or rating), "Lowest price" and "Best
 * rated" marks when there is a real choice, earlier quotes (cancelled, not chosen, expired) below. On a
 * return trip's leg, like with like (issue 32): prices for both legs (by their total) apart from prices
 * for this leg only, each group under its heading, "Lowest price" only within a group. Live
 * through the shell's stream: one polite live region, mounted from the start, says one short sentence per
 * new quote. A refused accept (409: booked meanwhile, in another tab) stays on screen until dismissed.
 */
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { BookingDto, QuoteDto, RideDto } from '../../../../shared/marketplace/api.ts';
import { LIVE_QUOTE_STATUSES } from '../../../../shared/marketplace/constants.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import {
  comparedCents,
  groupByCover,
  QUOTE_GROUP_HEADING,
} from '../../../../shared/marketplace/quote-cover.ts';
import { BOOKING_STATE_TEXT } from '../../../../shared/messages.ts';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { LoadError } from '../../../components/ui/load-error.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError, api } from '../../../lib/api.ts';
import { seenPrice, useAcceptQuote, useRideQuotes } from '../api.ts';
import { isLapsed } from '../quote-lapse-api.ts';
import { QuoteCard, type QuoteMarks } from './QuoteCard.tsx';

export type QuoteSort = 'price' | 'rating';

// A quote past its validity is shown with the earlier ones, "Expired", before the sweep marks it (issue 31).
export const isLive = (q: QuoteDto) =>
  (LIVE_QUOTE_STATUSES as readonly string[]).includes(q.status) && !isLapsed(q);
const companyOf = (q: QuoteDto) => q.driver.companyName || `${q.driver.firstName}'s shuttle`;

/** The bookings of one request (a cancelled one explains a 'cancelled' quote and a reopened request). */
export function useRideBookings(rideId: string) {
  return useQuery({
    // Only explains what the page shows: a failure leaves the quotes as they are, without a toast.
    meta: { errorToast: false },
    enabled: Boolean(rideId),
    // Under 'bookings': refreshed with every booking change and live event.
    queryKey: ['bookings', 'ride', rideId],
    queryFn: () =>
      api<{ items: BookingDto[] }>(`/api/bookings?rideId=${encodeURIComponent(rideId)}`).then((r) => r.items),
  });
}

// What the customer would pay for what each quote covers: a pair quote's total for both legs.
const byPrice = (a: QuoteDto, b: QuoteDto) => comparedCents(a) - comparedCents(b);
const byRating = (a: QuoteDto, b: QuoteDto) =>
  (b.driver.rating.average ?? -1) - (a.driver.rating.average ?? -1) ||
  b.driver.rating.count - a.driver.rating.count;

export function sortQuotes(quotes: QuoteDto[], sort: QuoteSort): QuoteDto[] {
  const tieBreak = (a: QuoteDto, b: QuoteDto) => a.createdAt.localeCompare(b.createdAt);
  return [...quotes].sort((a, b) =>
    sort === 'price'
      ? byPrice(a, b) || byRating(a, b) || tieBreak(a, b)
      : byRating(a, b) || byPrice(a, b) || tieBreak(a, b),
  );
}

/**
 * The marks of a comparison, only where they help choose: none with a single quote; none when every quote
 * shares the price (or the rating); every quote tied for the lowest price (or the best rating) is marked.
 * "Best rated" needs a visible rating: a driver nobody has rated yet is never best rated. "Lowest price"
 * compares like with like (issue 32): within each group of `groupByCover` (both legs by their total, one
 * leg by its price), so a one-leg price is never marked against a both-legs price.
 */
export function quoteMarks(
  live: QuoteDto[],
  leg: 'outbound' | 'return' | null = null,
): Map<string, QuoteMarks> {
  const marks = new Map<string, QuoteMarks>();
  if (live.length < 2) return marks;
  const cheapest = new Set<QuoteDto>();
  for (const group of groupByCover(live, leg)) {
    const lowest = Math.min(...group.quotes.map(comparedCents));
    const low = group.quotes.filter((q) => comparedCents(q) === lowest);
    if (low.length < group.quotes.length) for (const q of low) cheapest.add(q);
  }
  const rated = live.filter((q) => q.driver.rating.average !== null && q.driver.rating.count > 0);
  const top = rated.length > 0 ? sortQuotes(rated, 'rating')[0]!.driver.rating : null;
  const best = top
    ? rated.filter((q) => q.driver.rating.average === top.average && q.driver.rating.count === top.count)
    : [];
  for (const q of live) {
    marks.set(q.id, {
      lowestPrice: cheapest.has(q),
      bestRated: best.length < live.length && best.includes(q),
    });
  }
  return marks;
}

export function RideQuotes({ ride }: { ride: RideDto }) {
  const quotes = useRideQuotes(ride.id);
  const bookings = useRideBookings(ride.id);
  const accept = useAcceptQuote();
  const navigate = useNavigate();
  const [sort, setSort] = useState<QuoteSort>('price');
  const [refusal, setRefusal] = useState<string | null>(null);
  const refusalRef = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const seen = useRef<Set<string> | null>(null);
  const sortName = useId();

  // One short sentence per quote that arrives after the page opened (not for those already there).
  useEffect(() => {
    if (!quotes.data) return;
    if (seen.current === null) {
      seen.current = new Set(quotes.data.map((q) => q.id));
      return;
    }
    const arrived = quotes.data.filter((q) => !seen.current!.has(q.id));
    for (const q of arrived) seen.current.add(q.id);
    const fresh = arrived.filter(isLive);
    if (fresh.length > 0) {
      setAnnouncement(
        fresh
          .map((q) => `${BOOKING_STATE_TEXT.newQuote(companyOf(q), formatAud(comparedCents(q)))}.`)
          .join(' '),
      );
    }
  }, [quotes.data]);

  useEffect(() => {
    if (refusal) refusalRef.current?.focus();
  }, [refusal]);

  const { live, earlier, marks } = useMemo(() => {
    const items = quotes.data ?? [];
    const liveQuotes = sortQuotes(items.filter(isLive), sort);
    return {
      live: liveQuotes,
      // Most recently changed first: the booked (or just cancelled) quote leads.
      earlier: items.filter((q) => !isLive(q)).sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)),
      marks: quoteMarks(liveQuotes, ride.pair?.leg ?? null),
    };
  }, [quotes.data, sort, ride.pair?.leg]);
  const groups = groupByCover(live, ride.pair?.leg ?? null);

  const cancelledBy = (q: QuoteDto) => bookings.data?.find((b) => b.quoteId === q.id)?.cancelledBy ?? null;

  const card = (q: QuoteDto, headingLevel: 3 | 4) => (
    <li key={q.id}>
      <QuoteCard
        quote={q}
        ride={ride}
        marks={marks.get(q.id)}
        cancelledBy={cancelledBy(q)}
        headingLevel={headingLevel}
        accepting={accept.isPending && accept.variables?.quoteId === q.id}
        onAccept={async () => {
          setRefusal(null);
          try {
            const res = await accept.mutateAsync({ quoteId: q.id, priceCents: seenPrice(q) });
            toast({
              title: 'Booked',
              description: 'Your driver has been told. Their contact details are on the booking.',
              variant: 'success',
            });
            navigate(`/booking/${res.booking.id}`);
          } catch (err) {
            // Kept until dismissed: the list refetches (the accept button may go) but the reason stays.
            setRefusal(err instanceof ApiError ? err.message : 'The booking failed. Please try again.');
          }
        }}
      />
    </li>
  );

  return (
    <div className="flex flex-col gap-4">
      <p aria-live="polite" className="sr-only" data-testid="quote-announcer">
        {announcement}
      </p>
      {refusal && (
        <div
          ref={refusalRef}
          tabIndex={-1}
          role="alert"
          className="flex items-start justify-between gap-3 rounded-md border border-red-300 bg-red-50 p-4 text-base text-red-900"
          data-testid="accept-refusal"
        >
          <p>
            {refusal}
            {ride.bookingId && (
              <>
                {' '}
                <Link to={`/booking/${ride.bookingId}`} className="font-semibold underline">
                  View the booking
                </Link>
              </>
            )}
          </p>
          <Button
            variant="ghost"
            size="sm"
            className="shrink-0 text-red-900! hover:bg-red-100!"
            onClick={() => setRefusal(null)}
          >
            <X className="h-4 w-4" aria-hidden="true" />
            Dismiss
          </Button>
        </div>
      )}
      {quotes.isPending ? (
        <SkeletonCards count={2} label="Loading quotes..." />
      ) : quotes.error ? (
        <LoadError what="Quotes" error={quotes.error} onRetry={() => void quotes.refetch()} />
      ) : live.length === 0 && earlier.length === 0 ? (
        <EmptyState illustration="quotes-on-the-way" title="No quotes yet">
          <p>
            Matching drivers have been told about your trip. Each quote appears here the moment it is sent,
            and we notify you (by e-mail too, unless you turned that off in Settings).
          </p>
          <p>
            Drivers quote once they have checked their day, so it can take a while: you do not need to keep
            this page open.
          </p>
        </EmptyState>
      ) : (
        <>
          {live.length > 1 && (
            <fieldset className="flex flex-wrap items-center gap-x-3 gap-y-2">
              <legend className="float-left mr-1 font-semibold">Sort by</legend>
              <div className="inline-flex rounded-lg border border-slate-400 bg-white p-1">
                {(
                  [
                    ['price', 'Price, lowest first'],
                    ['rating', 'Rating, best first'],
                  ] as const
                ).map(([value, label]) => (
                  <label
                    key={value}
                    className="cursor-pointer rounded-md px-3 py-1.5 text-base font-medium text-slate-900 has-checked:bg-brand-600 has-checked:text-white has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-800"
                  >
                    <input
                      type="radio"
                      name={sortName}
                      value={value}
                      checked={sort === value}
                      onChange={() => setSort(value)}
                      className="sr-only"
                    />
                    {label}
                  </label>
                ))}
              </div>
            </fieldset>
          )}
          {groups.length > 1 ? (
            // Unlike prices apart: each group is compared within itself.
            groups.map((g) => (
              <section
                key={g.cover}
                aria-labelledby={`${sortName}-${g.cover}`}
                className="flex flex-col gap-3"
                data-testid={`quote-group-${g.cover}`}
              >
                <h3 id={`${sortName}-${g.cover}`} className="text-lg font-bold">
                  {QUOTE_GROUP_HEADING[g.cover]}
                </h3>
                <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="live-quotes">
                  {g.quotes.map((q) => card(q, 4))}
                </ul>
              </section>
            ))
          ) : live.length > 0 ? (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="live-quotes">
              {live.map((q) => card(q, 3))}
            </ul>
          ) : (
            ride.status === 'open' && (
              <p className="text-slate-700">
                No open quotes right now. New ones appear here as soon as drivers send them.
              </p>
            )
          )}
          {earlier.length > 0 && live.length === 0 && ride.status !== 'open' ? (
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="earlier-quotes">
              {earlier.map((q) => card(q, 3))}
            </ul>
          ) : (
            earlier.length > 0 && (
              <section aria-labelledby={`${sortName}-earlier`} className="flex flex-col gap-3">
                <h3 id={`${sortName}-earlier`} className="text-lg font-bold">
                  Earlier quotes
                </h3>
                <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="earlier-quotes">
                  {earlier.map((q) => card(q, 4))}
                </ul>
              </section>
            )
          )}
        </>
      )}
    </div>
  );
}
