/**
 * /driver/quotes: the driver's "My quotes" (issue 32): every quote they sent, the ones the customer is still
 * deciding on first, then the accepted ones, then the rest. (/my-quotes is the customer's page.)
 */
import { Link } from 'react-router';
import type { QuoteStatus } from '../../shared/marketplace/constants.ts';
import { formatAud } from '../../shared/marketplace/money.ts';
import { plural } from '../../shared/plural.ts';
import { Button } from '../components/ui/button.tsx';
import { Card } from '../components/ui/card.tsx';
import { EmptyState } from '../components/ui/empty-state.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { type MyQuote, useMyQuotes } from '../features/marketplace/api.ts';
import { RideSummary, StatusBadge } from '../features/marketplace/components/RideSummary.tsx';
import { usePageMeta } from '../lib/page-meta.ts';

const GROUPS: readonly { title: string; statuses: readonly QuoteStatus[]; empty: string }[] = [
  {
    title: 'Waiting for the customer',
    statuses: ['pending', 'needs_confirmation'],
    empty: 'No quotes waiting. A quote you send waits here until the customer decides.',
  },
  { title: 'Accepted', statuses: ['accepted'], empty: 'No accepted quotes yet.' },
  {
    title: 'Not chosen or ended',
    statuses: ['declined', 'withdrawn', 'expired', 'cancelled'],
    empty: 'None.',
  },
];

function QuoteItem({ q }: { q: MyQuote }) {
  return (
    <li>
      <Card className="flex flex-col gap-2 p-4!" data-testid="driver-quote">
        <p className="flex flex-wrap items-center justify-between gap-2">
          <StatusBadge status={q.status} />
          <strong>{formatAud(q.priceCents)}</strong>
        </p>
        <RideSummary ride={q.ride} />
        {(q.status === 'pending' || q.status === 'needs_confirmation') && (
          <Link
            to={`/available-rides#ride-${q.rideId}`}
            className="self-start font-semibold text-brand-700 underline"
          >
            Change or withdraw this quote
          </Link>
        )}
      </Card>
    </li>
  );
}

export default function DriverQuotesPage() {
  usePageMeta('My Quotes', 'The quotes you sent: waiting for the customer, accepted, or ended.');
  const quotes = useMyQuotes();
  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-3xl font-bold">My quotes</h1>
      {quotes.isPending ? (
        <SkeletonCards />
      ) : quotes.error ? (
        <LoadError what="Your quotes" error={quotes.error} onRetry={() => void quotes.refetch()} />
      ) : quotes.data.length === 0 ? (
        <EmptyState
          illustration="empty-board"
          title="You have not sent a quote yet"
          headingLevel={2}
          action={
            <Button asChild>
              <Link to="/available-rides">See available rides</Link>
            </Button>
          }
        >
          <p>Quote for a trip on the board and it shows here until the customer decides.</p>
        </EmptyState>
      ) : (
        GROUPS.map((g) => {
          const items = quotes.data.filter((q) => g.statuses.includes(q.status));
          return (
            <section key={g.title} className="flex flex-col gap-3" aria-label={g.title}>
              <h2 className="text-xl font-bold">
                {g.title}{' '}
                <span className="font-normal text-slate-700">({plural(items.length, 'quote')})</span>
              </h2>
              {items.length === 0 ? (
                <p className="text-slate-700">{g.empty}</p>
              ) : (
                <ul className="grid grid-cols-1 gap-3 lg:grid-cols-2">
                  {items.map((q) => (
                    <QuoteItem key={q.id} q={q} />
                  ))}
                </ul>
              )}
            </section>
          );
        })
      )}
    </div>
  );
}
