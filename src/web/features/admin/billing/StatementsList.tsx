/**
 * /admin/billing (issue 15): drivers' statements by status and month, with the totals of what the filter
 * matches and a CSV of it. Each statement opens on its page, where payments are recorded and voids made.
 */
import { type FormEvent, useId } from 'react';
import { useSearchParams } from 'react-router';
import { periodLabel, STATEMENT_STATUS_LABELS, STATEMENT_STATUSES } from '../../../../shared/billing.ts';
import { formatAud } from '../../../../shared/marketplace/money.ts';
import { Button } from '../../../components/ui/button.tsx';
import { FilterFold } from '../../../components/ui/filter-fold.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { StatementsTable } from '../../billing/parts.tsx';
import { statementsCsvUrl, useAdminStatements } from './api.ts';

const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';

export function StatementsList() {
  const [params, setParams] = useSearchParams();
  const status = params.get('status') ?? '';
  const period = params.get('period') ?? '';
  const search = new URLSearchParams(Object.entries({ status, period }).filter(([, v]) => v)).toString();
  const list = useAdminStatements(search);
  const id = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of ['status', 'period']) {
      const v = String(data.get(k) ?? '');
      if (v) next.set(k, v);
    }
    setParams(next);
  }

  return (
    <div className="flex flex-col gap-4">
      {/* Folded on phones behind "Filter (n)" like every admin list (issue 32). */}
      <FilterFold count={[status, period].filter(Boolean).length} display="flex">
        {(fold) => (
          <form
            id={fold.id}
            key={search}
            onSubmit={(e) => {
              onSubmit(e);
              fold.close();
            }}
            className={`${fold.className} flex-wrap items-end gap-3`}
            aria-label="Filter statements"
          >
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-status`} className="font-semibold">
                Status
              </label>
              <select id={`${id}-status`} name="status" defaultValue={status} className={inputClass}>
                <option value="">Any</option>
                {STATEMENT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {STATEMENT_STATUS_LABELS[s]}
                  </option>
                ))}
              </select>
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-period`} className="font-semibold">
                Month
              </label>
              <select id={`${id}-period`} name="period" defaultValue={period} className={inputClass}>
                <option value="">Any</option>
                {(list.data?.periods ?? (period ? [period] : [])).map((p) => (
                  <option key={p} value={p}>
                    {periodLabel(p)}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit">Filter</Button>
            <Button type="button" variant="secondary" onClick={() => setParams(new URLSearchParams())}>
              Clear
            </Button>
            <a
              href={statementsCsvUrl(search)}
              download
              className="rounded-md px-3 py-2 font-semibold text-brand-600 underline focus-visible:outline-2"
            >
              Download CSV
            </a>
          </form>
        )}
      </FilterFold>

      {list.isPending ? (
        <Loading />
      ) : list.error ? (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      ) : (
        <>
          <dl aria-label="Totals" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Statements', String(list.data.totals.count)],
              ['Fees', formatAud(list.data.totals.feeCents)],
              ['GST', formatAud(list.data.totals.gstCents)],
              ['Total', formatAud(list.data.totals.totalCents)],
            ].map(([term, value]) => (
              <div key={term} className="rounded-xl border border-slate-200 bg-white p-4">
                <dt className="text-sm text-slate-700">{term}</dt>
                <dd className="text-xl font-bold tabular-nums">{value}</dd>
              </div>
            ))}
          </dl>
          {list.data.statements.length === 0 ? (
            <p role="status">No statements match.</p>
          ) : (
            <StatementsTable statements={list.data.statements} withDriver />
          )}
          {list.data.truncated && (
            <p>
              Only the first 500 are listed; the totals and the CSV cover every match. Narrow the filter to
              see the rest.
            </p>
          )}
        </>
      )}
    </div>
  );
}
