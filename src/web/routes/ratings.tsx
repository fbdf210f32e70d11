/** /ratings: ratings received and given, and trips still waiting for the user's rating. */
import { useRef } from 'react';
import { Link } from 'react-router';
import type { RatingDto } from '../../shared/marketplace/api.ts';
import { ratingCountText, ratingLabel } from '../../shared/marketplace/ratings-text.ts';
import { formatSydney } from '../../shared/marketplace/time.ts';
import { Card } from '../components/ui/card.tsx';
import { Loading } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useRatings } from '../features/marketplace/api.ts';
import { RatingForm } from '../features/marketplace/components/RatingForm.tsx';
import { placeLabel, Stars } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

function RatingList({ items, who, empty }: { items: RatingDto[]; who: 'from' | 'to'; empty: string }) {
  if (items.length === 0) return <p className="text-slate-700">{empty}</p>;
  return (
    <ul className="flex flex-col gap-2">
      {items.map((r) => (
        <li key={r.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="rating">
          <Stars value={r.stars} /> · {who === 'from' ? `from ${r.fromName}` : `to ${r.toName}`} ·{' '}
          {formatSydney(r.createdAt, { hour: undefined, minute: undefined })}
          {r.comment && <p className="mt-1 text-sm">“{r.comment}”</p>}
        </li>
      ))}
    </ul>
  );
}

export default function RatingsPage() {
  usePageMeta('Ratings', 'Ratings you gave and received, and trips waiting for your rating.');
  const { user } = useAuth();
  const ratings = useRatings(Boolean(user && !user.isTest));
  const waitingRef = useRef<HTMLHeadingElement>(null);
  if (user?.isTest) return <p>A test session has no ratings.</p>;
  if (ratings.isPending) return <Loading />;
  if (ratings.error) return <p role="alert">Ratings could not be loaded.</p>;
  const d = ratings.data;
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">Ratings</h1>
      <p className="text-lg">
        Your rating:{' '}
        {d.summary.average !== null && d.summary.count > 0 ? (
          <>
            <Stars value={d.summary.average} label={ratingLabel(d.summary)} /> from{' '}
            {ratingCountText(d.summary.count)}
          </>
        ) : (
          <strong>{ratingCountText(0)}</strong>
        )}
      </p>
      <section className="flex flex-col gap-3">
        <h2 ref={waitingRef} tabIndex={-1} className="text-xl font-bold">
          Waiting for your rating
        </h2>
        {d.pending.length === 0 ? (
          <p className="text-slate-700">Nothing to rate.</p>
        ) : (
          d.pending.map((p) => (
            <Card key={p.bookingId} className="flex flex-col gap-2">
              <p className="font-semibold">
                {placeLabel(p.ride.pickup)} to {placeLabel(p.ride.destination)},{' '}
                {formatSydney(p.ride.pickupAt)}
              </p>
              <p className="text-sm">
                With {p.otherName} ·{' '}
                <Link to={`/booking/${p.bookingId}`} className="text-brand-600 underline">
                  booking
                </Link>
              </p>
              <RatingForm
                bookingId={p.bookingId}
                about={p.otherName}
                // The rated trip's card goes: focus moves to the list's heading, not to the page body.
                onRated={() => waitingRef.current?.focus()}
              />
            </Card>
          ))
        )}
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Received</h2>
        <p className="text-sm text-slate-700">
          A rating appears once you have both rated the trip, or after 7 days.
        </p>
        <RatingList items={d.received} who="from" empty="No ratings to show yet." />
      </section>
      <section className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Given</h2>
        <RatingList items={d.given} who="to" empty="You have not rated anyone yet." />
      </section>
    </div>
  );
}
