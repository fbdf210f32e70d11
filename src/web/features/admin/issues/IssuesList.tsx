/** /admin/issues (issue 14): reported issues with status, filters in the address bar and pages. */
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ISSUE_STATUS_LABELS, ISSUE_STATUSES } from '../../../../shared/admin/issues.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { useAdminIssues } from './api.ts';

const KEYS = ['status', 'priority', 'category', 'q'] as const;
const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';
const th = 'px-3 py-2 text-left';
const td = 'px-3 py-2 align-top';

export function IssuesList() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<
    (typeof KEYS)[number],
    string
  >;
  const search = new URLSearchParams(Object.entries(filters).filter(([, v]) => v)).toString();
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const list = useAdminIssues(search, cursors.at(-1) ?? null);
  const id = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of KEYS) {
      const v = String(data.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setCursors([null]);
    setParams(next);
  }
  const select = (name: 'status' | 'priority' | 'category', label: string, options: [string, string][]) => (
    <div className="flex flex-col gap-1">
      <label htmlFor={`${id}-${name}`} className="font-semibold">
        {label}
      </label>
      <select id={`${id}-${name}`} name={name} defaultValue={filters[name]} className={inputClass}>
        <option value="">Any</option>
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <div className="flex flex-col gap-4">
      <form
        key={params.toString()}
        onSubmit={onSubmit}
        role="search"
        aria-label="Find reported issues"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {select(
          'status',
          'Status',
          ISSUE_STATUSES.map((s) => [s, ISSUE_STATUS_LABELS[s]]),
        )}
        {select('priority', 'Priority', [
          ['low', 'Low'],
          ['medium', 'Medium'],
          ['high', 'High'],
          ['critical', 'Critical'],
        ])}
        {select('category', 'Category', [
          ['bug', 'Bug'],
          ['feature', 'Feature'],
          ['improvement', 'Improvement'],
          ['other', 'Other'],
        ])}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-q`} className="font-semibold">
            Words or e-mail
          </label>
          <input id={`${id}-q`} name="q" type="search" defaultValue={filters.q} className={inputClass} />
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Filter</Button>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              setCursors([null]);
              setParams(new URLSearchParams());
            }}
          >
            Clear
          </Button>
        </div>
      </form>
      {list.isPending ? (
        <SkeletonCards />
      ) : list.error ? (
        <p role="alert" className="text-red-700">
          {list.error.message}
        </p>
      ) : list.data.issues.length === 0 ? (
        <p role="status">No issues match.</p>
      ) : (
        <>
          <div
            role="region"
            aria-label="Issues (scrolls sideways)"
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className={th}>
                    Issue
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Priority
                  </th>
                  <th scope="col" className={th}>
                    From
                  </th>
                  <th scope="col" className={th}>
                    Reported
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.issues.map((i) => (
                  <tr key={i.id} className="border-t border-slate-200">
                    <td className={td}>
                      <Link to={`/admin/issues/${i.id}`} className="font-semibold text-brand-600 underline">
                        {i.title}
                      </Link>
                      <span className="block capitalize text-slate-700">
                        {i.category}
                        {i.replies > 0 && ` · ${i.replies} ${i.replies === 1 ? 'reply' : 'replies'}`}
                      </span>
                    </td>
                    <td className={td}>{ISSUE_STATUS_LABELS[i.status]}</td>
                    <td className={`${td} capitalize`}>{i.priority}</td>
                    <td className={td}>{i.userEmail}</td>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(i.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of issues" className="flex items-center justify-between gap-2">
            <Button
              variant="secondary"
              disabled={cursors.length <= 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Previous page
            </Button>
            <span className="text-slate-700">Page {cursors.length}</span>
            <Button
              variant="secondary"
              disabled={!list.data.nextCursor}
              onClick={() => setCursors((c) => [...c, list.data.nextCursor])}
            >
              Next page
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
