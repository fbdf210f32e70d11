/** /admin/users/{id} (issue 14): one account, its activity, its history, notes and the actions. */

import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { auditActionLabel } from '../../../../shared/admin/audit.ts';
import type { AdminUserDetailDto } from '../../../../shared/admin/users.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { bookingOriginText } from '../../../../shared/marketplace/booking-origin-text.ts';
import { VERIFICATION_STATUS_LABELS } from '../../../../shared/marketplace/verification.ts';
import { Card } from '../../../components/ui/card.tsx';
import { NotesCard } from '../NotesCard.tsx';
import { useUserAction } from './api.ts';
import { ROLE_LABELS, STATUS_LABELS } from './labels.ts';
import { UserActions } from './UserActions.tsx';

const th = 'px-3 py-2 text-left';
const td = 'px-3 py-2 align-top';

export function UserDetail({ detail, viewerId }: { detail: AdminUserDetailDto; viewerId: string }) {
  const u = detail.user;
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <p>
          <Link to="/users" className="text-brand-600 underline">
            Users
          </Link>
        </p>
        <h1 className="text-3xl font-bold">{u.fullName}</h1>
        <p className="text-slate-700">
          {ROLE_LABELS[u.userType]} · {u.email} · {u.phone ?? 'No phone number given'} · joined{' '}
          {formatDateTime(u.createdAt)}
        </p>
      </div>

      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Account</h2>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[auto_1fr]">
          <dt className="font-semibold">Status</dt>
          <dd data-testid="account-status">
            <span className={u.status === 'suspended' ? 'font-semibold text-red-700' : undefined}>
              {STATUS_LABELS[u.status]}
            </span>
            {u.statusChangedAt && (
              <span className="text-slate-700">
                {' '}
                since {formatDateTime(u.statusChangedAt)}
                {u.statusReason ? `: "${u.statusReason}"` : ''}
              </span>
            )}
          </dd>
          <dt className="font-semibold">E-mail</dt>
          <dd>{u.emailVerified ? 'Confirmed' : 'Not confirmed yet'}</dd>
          <dt className="font-semibold">Two-factor sign-in</dt>
          <dd data-testid="two-factor-status">{u.twoFactorEnabled ? 'On' : 'Off'}</dd>
          {u.userType === 'driver' && (
            <>
              <dt className="font-semibold">Business</dt>
              <dd>
                {u.businessName ?? 'No trading name'}
                {u.verificationStatus && ` · ${VERIFICATION_STATUS_LABELS[u.verificationStatus]}`} ·{' '}
                <Link to={`/admin/verifications/${u.id}`} className="text-brand-600 underline">
                  verification review
                </Link>{' '}
                ·{' '}
                <Link to={`/driver-profile?user=${u.id}`} className="text-brand-600 underline">
                  business profile
                </Link>
              </dd>
            </>
          )}
        </dl>
        <h3 className="text-lg font-bold">Actions</h3>
        <UserActions user={u} isSelf={u.id === viewerId} />
      </Card>

      <UserNotes userId={u.id} notes={detail.notes} />

      <Table
        title="Sessions"
        empty="No active sessions."
        head={['Signed in', 'Last active', 'Address', 'Browser']}
        rows={detail.sessions.map((s) => [
          formatDateTime(s.createdAt),
          formatDateTime(s.lastActiveAt),
          s.ipAddress ?? '—',
          <span key="ua" className="break-all">
            {s.userAgent ?? '—'}
          </span>,
        ])}
      />
      <Table
        title="Trips posted"
        empty="No trips posted."
        head={['Trip', 'Pickup', 'Status']}
        rows={detail.trips.map((t) => [t.route, formatDateTime(t.pickupAt), t.status])}
      />
      <Table
        title="Quotes sent"
        empty="No quotes sent."
        head={['Trip', 'Price', 'Status', 'Sent']}
        rows={detail.quotes.map((q) => [
          q.route,
          `$${q.price.toFixed(2)}`,
          q.status,
          formatDateTime(q.createdAt),
        ])}
      />
      <Table
        title="Bookings"
        empty="No bookings."
        head={['Trip', 'Pickup', 'As', 'With', 'How booked', 'Status']}
        rows={detail.bookings.map((b) => [
          <Link key="b" to={`/admin/bookings/${b.id}`} className="text-brand-600 underline">
            {b.route}
          </Link>,
          formatDateTime(b.pickupAt),
          b.side,
          b.otherParty,
          bookingOriginText(b.origin, b.seats),
          b.status,
        ])}
      />
      <Table
        title="Ratings"
        empty="No ratings given or received."
        head={['', 'Stars', 'Other side', 'Comment', 'When']}
        rows={detail.ratings.map((r) => [
          r.direction === 'given' ? 'Given' : 'Received',
          String(r.stars),
          r.otherParty,
          r.comment ?? '—',
          formatDateTime(r.createdAt),
        ])}
      />
      <Table
        title="Security events"
        empty="No security events."
        head={['Event', 'Address', 'When']}
        rows={detail.securityEvents.map((e) => [
          e.type.replaceAll('_', ' '),
          e.ipAddress,
          formatDateTime(e.createdAt),
        ])}
      />
      <Table
        title="History"
        empty="Nothing recorded yet."
        head={['When', 'What', 'By', 'Reason']}
        rows={detail.audit.map((a) => [
          formatDateTime(a.at),
          auditActionLabel(a.action),
          a.actorEmail ?? 'ShuttleQuote',
          a.reason ?? '—',
        ])}
      />
    </div>
  );
}

function UserNotes({ userId, notes }: { userId: string; notes: AdminUserDetailDto['notes'] }) {
  const action = useUserAction(userId);
  return (
    <NotesCard
      notes={notes.map((n) => ({ id: n.id, body: n.body, by: n.authorName, at: n.createdAt }))}
      busy={action.isPending}
      onAdd={(body) => action.mutateAsync({ kind: 'note', body })}
    />
  );
}

export function Table({
  title,
  head,
  rows,
  empty,
}: {
  title: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  return (
    <Card className="flex flex-col gap-3">
      <h2 className="text-xl font-bold">{title}</h2>
      {rows.length === 0 ? (
        <p className="text-slate-700">{empty}</p>
      ) : (
        <div
          role="region"
          aria-label={`${title} (scrolls sideways)`}
          tabIndex={0}
          className="overflow-x-auto"
        >
          <table className="w-full min-w-[40rem] text-sm">
            <thead>
              <tr className="border-b border-slate-300">
                {head.map((h, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                  <th key={i} scope="col" className={th}>
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((r, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows are not reordered
                <tr key={i} className="border-b border-slate-200">
                  {r.map((cell, j) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed columns
                    <td key={j} className={td}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
