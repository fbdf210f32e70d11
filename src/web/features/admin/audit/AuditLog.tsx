/** /admin/audit (issue 14): the audit log, newest first, with filters in the address bar. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { AUDIT_ACTIONS, auditActionLabel } from '../../../../shared/admin/audit.ts';
import type { AuditEntryDto } from '../../../../shared/admin/users.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { api } from '../../../lib/api.ts';

const KEYS = ['actor', 'target', 'action', 'from', 'to'] as const;
const inputClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';
const th = 'px-3 py-2 text-left';
const td = 'px-3 py-2 align-top';

function useAuditLog(filters: Record<string, string>, cursor: string | null) {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) search.set(k, v);
  if (cursor) search.set('cursor', cursor);
  return useQuery({
    queryKey: ['admin', 'audit', search.toString()],
    queryFn: () => api<{ entries: AuditEntryDto[]; nextCursor: string | null }>(`/api/admin/audit?${search}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(KEYS.map((k) => [k, params.get(k) ?? '']));
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const log = useAuditLog(filters, cursors.at(-1) ?? null);
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

  return (
    <div className="flex flex-col gap-4">
      <form
        key={params.toString()}
        onSubmit={onSubmit}
        role="search"
        aria-label="Filter the audit log"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-3"
      >
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-actor`} className="font-semibold">
            Who (e-mail)
          </label>
          <input id={`${id}-actor`} name="actor" defaultValue={filters.actor} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-target`} className="font-semibold">
            Concerning (e-mail, name or id)
          </label>
          <input id={`${id}-target`} name="target" defaultValue={filters.target} className={inputClass} />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-action`} className="font-semibold">
            Action
          </label>
          <select id={`${id}-action`} name="action" defaultValue={filters.action} className={inputClass}>
            <option value="">Any action</option>
            {Object.entries(AUDIT_ACTIONS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="font-semibold">
            From
          </label>
          <input
            id={`${id}-from`}
            name="from"
            type="date"
            defaultValue={filters.from}
            className={inputClass}
          />
        </div>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-to`} className="font-semibold">
            To
          </label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} className={inputClass} />
        </div>
        <div className="flex items-end gap-2">
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
      {log.isPending ? (
        <SkeletonCards />
      ) : log.error ? (
        <p role="alert" className="text-red-700">
          {log.error.message}
        </p>
      ) : log.data.entries.length === 0 ? (
        <p role="status">Nothing recorded matches.</p>
      ) : (
        <>
          <div
            role="region"
            aria-label="Audit log (scrolls sideways)"
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[40rem] text-sm">
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className={th}>
                    When
                  </th>
                  <th scope="col" className={th}>
                    Who
                  </th>
                  <th scope="col" className={th}>
                    What
                  </th>
                  <th scope="col" className={th}>
                    Concerning
                  </th>
                  <th scope="col" className={th}>
                    Reason
                  </th>
                  <th scope="col" className={th}>
                    Address
                  </th>
                </tr>
              </thead>
              <tbody>
                {log.data.entries.map((e) => (
                  <tr key={e.id} className="border-t border-slate-200">
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
                    <td className={td}>{e.actorEmail ?? 'ShuttleQuote'}</td>
                    <td className={td}>{auditActionLabel(e.action)}</td>
                    <td className={td}>{e.targetLabel ?? e.targetId ?? '—'}</td>
                    <td className={td}>{e.reason ?? '—'}</td>
                    <td className={td}>{e.ip ?? '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of the audit log" className="flex items-center justify-between gap-2">
            <Button
              variant="secondary"
              disabled={cursors.length <= 1}
              onClick={() => setCursors((c) => c.slice(0, -1))}
            >
              Newer
            </Button>
            <Button
              variant="secondary"
              disabled={!log.data.nextCursor}
              onClick={() => setCursors((c) => [...c, log.data.nextCursor])}
            >
              Older
            </Button>
          </nav>
        </>
      )}
    </div>
  );
}
