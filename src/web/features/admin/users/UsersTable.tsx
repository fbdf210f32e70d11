/**
 * /users (issue 14): search, filters and sort in the address bar (so a search can be shared and Back works),
 * a server-paged table (keyset cursors: Next follows the server's cursor, Previous goes back through the
 * ones already seen).
 */
import { type FormEvent, useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ACCOUNT_STATUSES, USER_SORTS } from '../../../../shared/admin/users.ts';
import { formatDate } from '../../../../shared/format.ts';
import {
  VERIFICATION_STATUS_LABELS,
  VERIFICATION_STATUSES,
} from '../../../../shared/marketplace/verification.ts';
import { USER_TYPES } from '../../../../shared/roles.ts';
import { Button } from '../../../components/ui/button.tsx';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { type UserListParams, useAdminUserList } from './api.ts';
import { ROLE_LABELS, STATUS_LABELS } from './labels.ts';

const FILTER_KEYS = ['q', 'role', 'status', 'verification', 'from', 'to', 'sort'] as const;
const selectClass = 'rounded-md border border-slate-400 bg-white px-3 py-2';
const inputClass = 'rounded-md border border-slate-400 px-3 py-2';
const th = 'px-3 py-2 text-left';
const td = 'px-3 py-2 align-top';

export function UsersSearch({ enabled }: { enabled: boolean }) {
  const [params, setParams] = useSearchParams();
  const filters = Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Record<
    (typeof FILTER_KEYS)[number],
    string
  >;
  // Cursors of the pages before this one; the current page's own cursor is the last.
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const query: UserListParams = { ...filters, cursor: cursors.at(-1) ?? null };
  const list = useAdminUserList(query, enabled);
  const id = useId();

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) {
      const v = String(data.get(k) ?? '').trim();
      if (v) next.set(k, v);
    }
    setCursors([null]);
    setParams(next);
  }

  if (!enabled) return <p className="text-slate-700">A test session cannot read real accounts.</p>;
  return (
    <div className="flex flex-col gap-4">
      <form
        key={params.toString()}
        onSubmit={onSubmit}
        role="search"
        aria-label="Find accounts"
        className="grid gap-3 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={`${id}-q`} className="font-semibold">
            Search
          </label>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            defaultValue={filters.q}
            maxLength={100}
            placeholder="Name, e-mail, phone or business"
            className={inputClass}
          />
        </div>
        <Select id={`${id}-role`} name="role" label="Role" value={filters.role} any="Any role">
          {USER_TYPES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </Select>
        <Select id={`${id}-status`} name="status" label="Status" value={filters.status} any="Any status">
          {ACCOUNT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <Select
          id={`${id}-verification`}
          name="verification"
          label="Driver verification"
          value={filters.verification}
          any="Any"
        >
          {VERIFICATION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {VERIFICATION_STATUS_LABELS[s]}
            </option>
          ))}
        </Select>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-from`} className="font-semibold">
            Joined from
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
            Joined to
          </label>
          <input id={`${id}-to`} name="to" type="date" defaultValue={filters.to} className={inputClass} />
        </div>
        <Select id={`${id}-sort`} name="sort" label="Sort" value={filters.sort || 'newest'}>
          {Object.entries(USER_SORTS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-4">
          <Button type="submit">Search</Button>
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
      ) : list.data.users.length === 0 ? (
        <p role="status">No accounts match.</p>
      ) : (
        <>
          {/* Focusable and named, so a keyboard can scroll the table sideways on a phone (issue 12). */}
          <div
            role="region"
            aria-label="Accounts (scrolls sideways)"
            tabIndex={0}
            className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
          >
            <table className="w-full min-w-[44rem] text-left text-sm">
              <caption className="sr-only">
                Accounts, {USER_SORTS[(filters.sort || 'newest') as keyof typeof USER_SORTS]}
              </caption>
              <thead className="bg-slate-100">
                <tr>
                  <th scope="col" className={th}>
                    Name
                  </th>
                  <th scope="col" className={th}>
                    Email
                  </th>
                  <th scope="col" className={th}>
                    Phone
                  </th>
                  <th scope="col" className={th}>
                    Role
                  </th>
                  <th scope="col" className={th}>
                    Status
                  </th>
                  <th scope="col" className={th}>
                    Joined
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.data.users.map((u) => (
                  <tr key={u.id} className="border-t border-slate-200">
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
                ))}
              </tbody>
            </table>
          </div>
          <nav aria-label="Pages of accounts" className="flex items-center justify-between gap-2">
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

function Select({
  id,
  name,
  label,
  value,
  any,
  children,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  any?: string;
  children: React.ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-semibold">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value} className={selectClass}>
        {any && <option value="">{any}</option>}
        {children}
      </select>
    </div>
  );
}
