/** /admin/audit (issue 14): the audit log, newest first, with filters in the address bar. */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AUDIT_ACTIONS, auditActionLabel } from '../../../../shared/admin/audit.ts';
import type { AuditEntryDto } from '../../../../shared/admin/users.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { api } from '../../../lib/api.ts';
import { td, tr } from '../list/AdminTable.tsx';
import { FilterForm, selectFilter, textFilter } from '../list/FilterForm.tsx';
import { KeysetList } from '../list/KeysetList.tsx';
import { useKeysetPager } from '../list/KeysetPager.tsx';
import { useUrlFilters } from '../list/useUrlFilters.ts';

const FIELDS = [
  textFilter('actor', 'Who (e-mail)'),
  textFilter('target', 'Concerning (e-mail, name or id)'),
  selectFilter('action', 'Action', Object.entries(AUDIT_ACTIONS), 'Any action'),
  textFilter('from', 'From', 'date'),
  textFilter('to', 'To', 'date'),
];
const KEYS = FIELDS.map((f) => f.name);
const HEADINGS = ['When', 'Who', 'What', 'Concerning', 'Reason', 'Address'];

function useAuditLog(search: string, cursor: string | null) {
  const qs = new URLSearchParams(search);
  if (cursor) qs.set('cursor', cursor);
  return useQuery({
    queryKey: ['admin', 'audit', qs.toString()],
    queryFn: () => api<{ entries: AuditEntryDto[]; nextCursor: string | null }>(`/api/admin/audit?${qs}`),
    placeholderData: keepPreviousData,
    meta: { errorToast: false },
  });
}

export function AuditLog() {
  const pager = useKeysetPager();
  const filters = useUrlFilters(KEYS, pager.reset);
  const log = useAuditLog(filters.search, pager.cursor);

  return (
    <div className="flex flex-col gap-4">
      <FilterForm label="Filter the audit log" filters={filters} fields={FIELDS} columns={3} buttonsInRow />
      <KeysetList
        query={log}
        rows={(page) => page.entries}
        empty="Nothing recorded matches."
        table={{ label: 'Audit log', headings: HEADINGS }}
        pager={{ label: 'Pages of the audit log', pager, by: 'time' }}
        row={(e) => (
          <tr key={e.id} className={tr}>
            <td className={`${td} whitespace-nowrap`}>{formatDateTime(e.at)}</td>
            <td className={td}>{e.actorEmail ?? 'ShuttleQuote'}</td>
            <td className={td}>{auditActionLabel(e.action)}</td>
            <td className={td}>{e.targetLabel ?? e.targetId ?? '—'}</td>
            <td className={td}>{e.reason ?? '—'}</td>
            <td className={td}>{e.ip ?? '—'}</td>
          </tr>
        )}
      />
    </div>
  );
}
