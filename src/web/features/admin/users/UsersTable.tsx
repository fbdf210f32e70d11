/**
 * /users (issue 14): search, filters and sort in the address bar (so a search can be shared and Back works),
 * a server-paged table (keyset cursors: Next follows the server's cursor, Previous goes back through the
 * ones already seen).
 */
import { Link } from 'react-router';
import { ACCOUNT_STATUSES, USER_SORTS } from '../../../../shared/admin/users.ts';
import { formatDate } from '../../../../shared/format.ts';
import {
  VERIFICATION_STATUS_LABELS,
  VERIFICATION_STATUSES,
} from '../../../../shared/marketplace/verification.ts';
import { USER_TYPES } from '../../../../shared/roles.ts';
import { td, tr } from '../list/AdminTable.tsx';
import { FilterForm, selectFilter, textFilter } from '../list/FilterForm.tsx';
import { KeysetList } from '../list/KeysetList.tsx';
import { useKeysetPager } from '../list/KeysetPager.tsx';
import { useUrlFilters } from '../list/useUrlFilters.ts';
import { useAdminUserList } from './api.ts';
import { ROLE_LABELS, STATUS_LABELS } from './labels.ts';

const ROLES = USER_TYPES.map((r) => [r, ROLE_LABELS[r]] as const);
const STATUSES = ACCOUNT_STATUSES.map((s) => [s, STATUS_LABELS[s]] as const);
const VERIFICATIONS = VERIFICATION_STATUSES.map((s) => [s, VERIFICATION_STATUS_LABELS[s]] as const);
const FIELDS = [
  textFilter('q', 'Search', 'search', {
    maxLength: 100,
    placeholder: 'Name, e-mail, phone or business',
    wide: true,
  }),
  selectFilter('role', 'Role', ROLES, 'Any role'),
  selectFilter('status', 'Status', STATUSES, 'Any status'),
  selectFilter('verification', 'Driver verification', VERIFICATIONS, 'Any'),
  textFilter('from', 'Joined from', 'date'),
  textFilter('to', 'Joined to', 'date'),
  selectFilter('sort', 'Sort', Object.entries(USER_SORTS)),
];
const KEYS = FIELDS.map((f) => f.name);
const HEADINGS = ['Name', 'Email', 'Phone', 'Role', 'Status', 'Joined'];

export function UsersSearch({ enabled }: { enabled: boolean }) {
  const pager = useKeysetPager();
  const filters = useUrlFilters(KEYS, pager.reset);
  const { values } = filters;
  const list = useAdminUserList({ ...values, cursor: pager.cursor }, enabled);
  const sort = (values.sort || 'newest') as keyof typeof USER_SORTS;

  if (!enabled) return <p className="text-slate-700">A test session cannot read real accounts.</p>;
  return (
    <div className="flex flex-col gap-4">
      <FilterForm label="Find accounts" filters={filters} fields={FIELDS} columns={4} submitLabel="Search" />
      <KeysetList
        query={list}
        rows={(page) => page.users}
        empty="No accounts match."
        table={{
          label: 'Accounts',
          caption: `Accounts, ${USER_SORTS[sort]}`,
          headings: HEADINGS,
          wide: true,
        }}
        pager={{ label: 'Pages of accounts', pager }}
        row={(u) => (
          <tr key={u.id} className={tr}>
            <td className={td}>
              <Link to={`/admin/users/${u.id}`} className="font-semibold text-brand-600 underline">
                {u.fullName}
              </Link>
              {u.businessName && <span className="block text-slate-700">{u.businessName}</span>}
            </td>
            <td className={td}>
              {u.email}
              {!u.emailVerified && <span className="block text-amber-800">Not confirmed</span>}
            </td>
            <td className={`${td} whitespace-nowrap`}>{u.phone ?? '—'}</td>
            <td className={td}>
              {ROLE_LABELS[u.userType]}
              {u.userType === 'driver' && (
                <>
                  {u.verificationStatus && (
                    <span className="block text-slate-700">
                      {VERIFICATION_STATUS_LABELS[u.verificationStatus]}
                    </span>
                  )}
                  <Link to={`/driver-profile?user=${u.id}`} className="text-brand-600 underline">
                    business profile
                  </Link>
                </>
              )}
            </td>
            <td className={td}>
              <span className={u.status === 'suspended' ? 'font-semibold text-red-700' : undefined}>
                {STATUS_LABELS[u.status]}
              </span>
            </td>
            <td className={`${td} whitespace-nowrap`}>{formatDate(u.createdAt)}</td>
          </tr>
        )}
      />
    </div>
  );
}
