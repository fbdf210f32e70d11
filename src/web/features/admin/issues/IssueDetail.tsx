/**
 * /admin/issues/{id} (issue 14): the report, its status, the replies (e-mailed to the reporter) and history.
 * A problem reported on a booking (issue 30) shows the booking first: trip, pickup, both sides, a link.
 */
import { type FormEvent, useId, useState } from 'react';
import { Link } from 'react-router';
import {
  type AdminIssueDetailDto,
  ISSUE_REPLY_MAX,
  ISSUE_STATUS_LABELS,
  ISSUE_STATUSES,
  type IssueBookingDto,
  type IssueStatus,
  issueReplySchema,
} from '../../../../shared/admin/issues.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { ISSUE_CATEGORY_LABELS } from '../../../../shared/validation/issues.ts';
import { TRIP_PROBLEM_CATEGORY_LABELS } from '../../../../shared/validation/trip-problems.ts';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FormError } from '../../../components/ui/field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api.ts';
import { useIssueAction } from './api.ts';

const MAIL_TEXT: Record<string, string> = {
  pending: 'e-mail waiting to send',
  sending: 'e-mail sending',
  sent: 'e-mail sent',
  failed: 'e-mail failed',
  expired: 'e-mail not sent',
};

export function IssueDetail({ detail }: { detail: AdminIssueDetailDto }) {
  const { issue } = detail;
  const categories: Record<string, string> = issue.booking
    ? TRIP_PROBLEM_CATEGORY_LABELS
    : ISSUE_CATEGORY_LABELS;
  const action = useIssueAction(issue.id);
  const [status, setStatus] = useState<IssueStatus>(issue.status);
  const [reply, setReply] = useState('');
  const [replyStatus, setReplyStatus] = useState<string>('');
  const [error, setError] = useState<string | null>(null);
  const [statusError, setStatusError] = useState<string | null>(null);
  const id = useId();

  async function onReply(e: FormEvent) {
    e.preventDefault();
    const parsed = issueReplySchema.safeParse({
      body: reply,
      ...(replyStatus ? { status: replyStatus } : {}),
    });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? null);
      return;
    }
    setError(null);
    try {
      await action.mutateAsync({ kind: 'reply', body: parsed.data.body, status: parsed.data.status });
      setReply('');
      setReplyStatus('');
      toast({ title: 'Reply sent', description: `E-mailed to ${issue.userEmail}.`, variant: 'success' });
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'The reply could not be sent. Please try again.');
    }
  }
  async function onStatus(e: FormEvent) {
    e.preventDefault();
    setStatusError(null);
    try {
      await action.mutateAsync({ kind: 'status', status });
      toast({ title: `Status: ${ISSUE_STATUS_LABELS[status]}`, variant: 'success' });
    } catch (err) {
      setStatusError(err instanceof ApiError ? err.message : 'The status could not be changed.');
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to="/admin/issues" className="self-start text-brand-600 underline">
          All issues
        </Link>
        <h1 className="text-3xl font-bold wrap-anywhere">{issue.title}</h1>
        <p className="text-slate-700">
          {issue.booking ? 'Trip problem: ' : ''}
          {categories[issue.category] ?? issue.category} ·{' '}
          {issue.priority === 'critical' ? (
            <strong className="text-red-800">Critical (urgent)</strong>
          ) : (
            <span className="capitalize">{issue.priority}</span>
          )}{' '}
          priority · from {issue.userEmail} ({issue.userType}) · {formatDateTime(issue.createdAt)}
        </p>
      </div>
      {issue.booking && <IssueBooking booking={issue.booking} />}
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Report</h2>
        <p className="whitespace-pre-wrap wrap-anywhere">{issue.description}</p>
        {issue.screenshotUrl && (
          <a href={issue.screenshotUrl} className="self-start text-brand-600 underline">
            Open the screenshot
          </a>
        )}
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Status</h2>
        <form onSubmit={onStatus} className="flex flex-wrap items-end gap-2">
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-status`} className="font-semibold">
              Status
            </label>
            <select
              id={`${id}-status`}
              value={status}
              onChange={(e) => setStatus(e.target.value as IssueStatus)}
              className="rounded-md border border-slate-400 bg-white px-3 py-2"
            >
              {ISSUE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ISSUE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="secondary" disabled={action.isPending || status === issue.status}>
            Save status
          </Button>
        </form>
        <p data-testid="issue-status">Now: {ISSUE_STATUS_LABELS[issue.status]}</p>
        <FormError message={statusError} />
      </Card>
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Replies</h2>
        {detail.replies.length === 0 ? (
          <p className="text-slate-700">No replies yet.</p>
        ) : (
          <ol className="flex flex-col gap-3" data-testid="issue-replies">
            {detail.replies.map((r) => (
              <li key={r.id} className="rounded-md border border-slate-200 p-3">
                <p className="whitespace-pre-wrap wrap-anywhere">{r.body}</p>
                <p className="text-sm text-slate-700">
                  {r.authorName ?? 'An administrator'} to {r.sentTo}, {formatDateTime(r.createdAt)}
                  {r.mailStatus && ` · ${MAIL_TEXT[r.mailStatus] ?? r.mailStatus}`}
                </p>
              </li>
            ))}
          </ol>
        )}
        <form onSubmit={onReply} noValidate className="flex flex-col gap-2">
          <label htmlFor={`${id}-reply`} className="font-semibold">
            Reply to {issue.userEmail}
          </label>
          <textarea
            id={`${id}-reply`}
            rows={5}
            maxLength={ISSUE_REPLY_MAX}
            value={reply}
            onChange={(e) => setReply(e.target.value)}
            className="rounded-md border border-slate-400 px-3 py-2"
          />
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reply-status`} className="font-semibold">
              Then set the status to
            </label>
            <select
              id={`${id}-reply-status`}
              value={replyStatus}
              onChange={(e) => setReplyStatus(e.target.value)}
              className="self-start rounded-md border border-slate-400 bg-white px-3 py-2"
            >
              <option value="">
                {issue.status === 'pending' ? 'In progress (default)' : 'Leave as it is'}
              </option>
              {ISSUE_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {ISSUE_STATUS_LABELS[s]}
                </option>
              ))}
            </select>
          </div>
          <FormError message={error} />
          <Button type="submit" className="self-start" disabled={action.isPending}>
            {action.isPending ? 'Sending...' : 'Send reply'}
          </Button>
        </form>
      </Card>
      {detail.history.length > 0 && (
        <Card className="flex flex-col gap-2">
          <h2 className="text-xl font-bold">History</h2>
          <ol className="flex flex-col gap-1 text-sm">
            {detail.history.map((h, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the history is only appended to
              <li key={i}>
                {formatDateTime(h.at)} · {h.text}
                {h.by && ` · ${h.by}`}
              </li>
            ))}
          </ol>
        </Card>
      )}
    </div>
  );
}

/** The booking a trip problem is about: the trip, the pickup, its status and both sides, each linked. */
function IssueBooking({ booking }: { booking: IssueBookingDto }) {
  const row = 'grid gap-1 sm:grid-cols-[8rem_1fr]';
  return (
    <Card className="flex flex-col gap-3" data-testid="issue-booking">
      <h2 className="text-xl font-bold">Booking</h2>
      <dl className="flex flex-col gap-2">
        <div className={row}>
          <dt className="font-semibold">Trip</dt>
          <dd>{booking.trip}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold">Pickup</dt>
          <dd>{formatDateTime(booking.pickupAt)}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold">Status</dt>
          <dd className="capitalize">{booking.status}</dd>
        </div>
        <div className={row}>
          <dt className="font-semibold">Customer</dt>
          <dd className="wrap-anywhere">
            <Link to={`/admin/users/${booking.customer.id}`} className="text-brand-600 underline">
              {booking.customer.name}
            </Link>{' '}
            · {booking.customer.email}
          </dd>
        </div>
        <div className={row}>
          <dt className="font-semibold">Driver</dt>
          <dd className="wrap-anywhere">
            <Link to={`/admin/users/${booking.driver.id}`} className="text-brand-600 underline">
              {booking.driver.businessName ?? booking.driver.name}
            </Link>
            {booking.driver.businessName && ` (${booking.driver.name})`} · {booking.driver.email}
          </dd>
        </div>
      </dl>
      <Link
        to={`/admin/bookings/${booking.id}`}
        className="self-start font-semibold text-brand-600 underline"
      >
        Open the booking
      </Link>
    </Card>
  );
}
