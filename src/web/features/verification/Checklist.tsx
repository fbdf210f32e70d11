/**
 * The verification checklist (issue 13): what a driver has and still needs before they can quote, each
 * item with its state in words and a link to where it is fixed. Used on /driver-profile, /dashboard,
 * /available-rides and the admin's review page (read-only: no links).
 */
import { CheckCircle2, Circle, CircleAlert } from 'lucide-react';
import { Link } from 'react-router';
import type { DriverStandingDto } from '../../../shared/marketplace/api.ts';

export function Checklist({ standing, links = true }: { standing: DriverStandingDto; links?: boolean }) {
  return (
    <ul className="flex flex-col gap-2" data-testid="verification-checklist">
      {standing.items.map((item) => {
        const Icon = item.done ? CheckCircle2 : item.blocking ? CircleAlert : Circle;
        return (
          <li key={item.key} className="flex items-start gap-2">
            <Icon
              aria-hidden="true"
              className={`mt-0.5 h-5 w-5 shrink-0 ${item.done ? 'text-green-700' : item.blocking ? 'text-amber-700' : 'text-slate-500'}`}
            />
            <div className="min-w-0">
              <p className="font-medium">
                <span className="sr-only">
                  {item.done ? 'Done: ' : item.blocking ? 'Needed: ' : 'Optional: '}
                </span>
                {links && !item.done ? (
                  <Link to={item.href} className="text-brand-600 underline underline-offset-2">
                    {item.label}
                  </Link>
                ) : (
                  item.label
                )}
              </p>
              <p className="text-sm text-slate-700">{item.detail}</p>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/** "Before you can quote": the card /dashboard and /available-rides show a driver who may not quote. */
export function CannotQuoteCard({ standing }: { standing: DriverStandingDto }) {
  return (
    <section
      aria-labelledby="cannot-quote-title"
      className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-5"
      data-testid="cannot-quote"
    >
      <h2 id="cannot-quote-title" className="text-lg font-bold">
        Before you can quote
      </h2>
      <p className="text-sm text-slate-800">
        Customers book only verified businesses with current documents. Here is what is still needed:
      </p>
      <Checklist standing={standing} />
      <p>
        <Link
          to="/driver-profile#verification"
          className="font-semibold text-brand-600 underline underline-offset-2"
        >
          Open your driver profile
        </Link>
      </p>
    </section>
  );
}
