/** The figures, charts and "needs attention" panel of /admin-dashboard (issue 14). */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  DASHBOARD_DETAILS,
  DASHBOARD_PERIODS,
  type DashboardDto,
  type DashboardPeriod,
} from '../../../../shared/admin/dashboard.ts';
import { BRAND } from '../../../../shared/brand.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { plural } from '../../../../shared/plural.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { api } from '../../../lib/api.ts';
import { BookingOrigins } from './BookingOrigins.tsx';
import { DailyChart } from './DailyChart.tsx';
import { Figure, percent } from './Figure.tsx';

// The action blue and the sea green of the theme (src/shared/brand.ts); both meet 3:1 against white as marks.
const BLUE = BRAND.action;
const TEAL = BRAND.sea;

function useDashboard(days: DashboardPeriod) {
  return useQuery({
    queryKey: ['admin', 'dashboard', days],
    queryFn: () => api<DashboardDto>(`/api/admin/dashboard?days=${days}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

const stars = (v: number | null) => (v === null ? '—' : v.toFixed(1));
function minutes(m: number | null): string {
  if (m === null) return '—';
  if (m < 60) return `${m} min`;
  const h = Math.floor(m / 60);
  return `${h} h ${m % 60} min`;
}

export function DashboardFigures() {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('days'));
  const days = ((DASHBOARD_PERIODS as readonly number[]).includes(raw) ? raw : 30) as DashboardPeriod;
  const query = useDashboard(days);
  const id = useId();
  const d = query.data;
  const signupSeries = useMemo(
    () =>
      d
        ? [
            { label: 'Customers', values: d.signups.customers.values, color: BLUE },
            { label: 'Drivers', values: d.signups.drivers.values, color: TEAL },
          ]
        : [],
    [d],
  );
  const tripSeries = useMemo(
    () => (d ? [{ label: 'Trips posted', values: d.trips.daily.values, color: BLUE }] : []),
    [d],
  );
  const completedSeries = useMemo(
    () => (d ? [{ label: 'Completed trips', values: d.completed.daily.values, color: TEAL }] : []),
    [d],
  );
  const viewSeries = useMemo(
    () => (d ? [{ label: 'Page views', values: d.pageViews.daily.values, color: BLUE }] : []),
    [d],
  );

  return (
    <div className="flex flex-col gap-6">
      <fieldset className="flex flex-wrap items-center gap-3">
        <legend className="sr-only">Period</legend>
        <span className="font-semibold" aria-hidden="true">
          Period
        </span>
        {DASHBOARD_PERIODS.map((p) => (
          <label
            key={p}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-brand-600"
          >
            <input
              type="radio"
              name={`${id}-days`}
              value={p}
              checked={p === days}
              onChange={() => setParams({ days: String(p) }, { replace: true })}
            />
            Last {p} days
          </label>
        ))}
      </fieldset>
      {query.isPending ? (
        <Loading />
      ) : query.error || !d ? (
        <p role="alert">The figures could not be loaded: {query.error?.message}</p>
      ) : (
        <>
          <p className="text-slate-700">
            From {d.period.from} to {d.period.to} (Sydney dates).
          </p>
          <section aria-labelledby={`${id}-attention`} className="flex flex-col gap-3">
            <h2 id={`${id}-attention`} className="text-xl font-bold">
              Needs attention
            </h2>
            <Attention d={d} />
          </section>
          <section aria-labelledby={`${id}-figures`} className="flex flex-col gap-3">
            <h2 id={`${id}-figures`} className="text-xl font-bold">
              Figures
            </h2>
            {/* Two figures a row on a phone, one with 150 % text (words never break mid-word; issue 32). */}
            <dl className="grid grid-cols-[repeat(auto-fit,minmax(10rem,1fr))] gap-3 lg:grid-cols-4">
              <Figure
                label="Sign-ups"
                value={d.signups.total}
                detail={DASHBOARD_DETAILS.signups(d.signups)}
              />
              <Figure label="Trips posted" value={d.trips.posted} />
              <Figure
                label="Quotes per trip"
                value={d.quotes.perTrip === null ? '—' : d.quotes.perTrip.toFixed(1)}
                detail={DASHBOARD_DETAILS.quotes(d.quotes)}
              />
              <Figure
                label="Median time to first quote"
                value={minutes(d.quotes.medianMinutesToFirstQuote)}
              />
              <Figure
                label="Trips booked"
                value={percent(d.conversion.rate)}
                detail={DASHBOARD_DETAILS.conversion(d.conversion)}
              />
              <Figure
                label="Cancellations"
                value={d.cancellations.byCustomer + d.cancellations.byDriver + d.cancellations.byAdmin}
                detail={`${d.cancellations.byCustomer} by customers, ${d.cancellations.byDriver} by drivers, ${d.cancellations.byAdmin} by ShuttleQuote; ${d.cancellations.late} late`}
              />
              <Figure label="Completed trips" value={d.completed.total} />
              <Figure
                label="Average rating"
                value={stars(d.ratings.average)}
                detail={`${plural(d.ratings.count, 'rating')}; drivers ${stars(d.ratings.ofDrivers)}, customers ${stars(d.ratings.ofCustomers)}`}
              />
              <Figure
                label="Page views"
                value={d.pageViews.total}
                detail="From our own analytics (with consent)"
              />
            </dl>
          </section>
          <BookingOrigins d={d} headingId={`${id}-origins`} />
          <section aria-labelledby={`${id}-charts`} className="flex flex-col gap-3">
            <h2 id={`${id}-charts`} className="text-xl font-bold">
              Per day
            </h2>
            <div className="grid grid-cols-1 gap-4 *:min-w-0 lg:grid-cols-2">
              <Card>
                <DailyChart
                  title="Sign-ups by role"
                  dates={d.signups.customers.dates}
                  series={signupSeries}
                />
              </Card>
              <Card>
                <DailyChart title="Trips posted" dates={d.trips.daily.dates} series={tripSeries} />
              </Card>
              <Card>
                <DailyChart
                  title="Completed trips"
                  dates={d.completed.daily.dates}
                  series={completedSeries}
                />
              </Card>
              <Card>
                <DailyChart title="Page views" dates={d.pageViews.daily.dates} series={viewSeries} />
              </Card>
            </div>
          </section>
        </>
      )}
    </div>
  );
}

function Attention({ d }: { d: DashboardDto }) {
  const a = d.attention;
  const items: { text: string; to: string }[] = [];
  // First: a late driver today is the one thing that cannot wait (issue 30).
  if (a.lateToday)
    items.push({
      text: `${a.lateToday} ${a.lateToday === 1 ? 'booking today is' : 'bookings today are'} late: the driver has not set off or arrived`,
      to: '/admin/today',
    });
  if (a.driversAwaitingReview)
    items.push({
      text: `${a.driversAwaitingReview} ${a.driversAwaitingReview === 1 ? 'driver awaits' : 'drivers await'} verification`,
      to: '/admin/verifications',
    });
  if (a.documentsExpiring)
    items.push({
      text: `${a.documentsExpiring} approved ${a.documentsExpiring === 1 ? 'document expires' : 'documents expire'} within 30 days`,
      to: '/admin/verifications',
    });
  if (a.openIssues)
    items.push({
      text: `${a.openIssues} reported ${a.openIssues === 1 ? 'issue is' : 'issues are'} open`,
      to: '/admin/issues?status=pending',
    });
  if (a.clientErrors.rising)
    items.push({
      text: `Browser errors are rising: ${a.clientErrors.last24h} in the last 24 hours (about ${a.clientErrors.dailyAverage} a day before)`,
      to: '/admin-dashboard#browser-errors',
    });
  const trips = [
    ...a.tripsWithoutQuote.map((t) => ({ ...t, why: 'no quote yet' })),
    ...a.tripsWithoutBooking.map((t) => ({
      ...t,
      why: `${t.quotes} ${t.quotes === 1 ? 'quote' : 'quotes'}, not booked`,
    })),
  ];
  if (items.length === 0 && trips.length === 0) {
    return <p data-testid="attention">Nothing needs attention right now.</p>;
  }
  return (
    <Card className="flex flex-col gap-3 border-amber-300! bg-amber-50!" data-testid="attention">
      {items.length > 0 && (
        <ul className="flex list-disc flex-col gap-1 pl-5">
          {items.map((i) => (
            <li key={i.text}>
              <Link to={i.to} className="text-brand-600 underline">
                {i.text}
              </Link>
            </li>
          ))}
        </ul>
      )}
      {trips.length > 0 && (
        <>
          <h3 className="font-bold">Trips in the next 24 hours without a booking</h3>
          <ul className="flex flex-col gap-1">
            {trips.map((t) => (
              <li key={t.id}>
                <strong>{t.route}</strong> · {formatDateTime(t.pickupAt)} · {t.customerName} · {t.why}
              </li>
            ))}
          </ul>
        </>
      )}
    </Card>
  );
}
