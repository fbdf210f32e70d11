/** /notifications: updates about trips, quotes and bookings, newest first, with read and unread. */
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format.ts';
import type { NotificationDto } from '../../shared/marketplace/api.ts';
import { notificationPath } from '../../shared/marketplace/notification-types.ts';
import { Button } from '../components/ui/button.tsx';
import { LoadError } from '../components/ui/load-error.tsx';
import { SkeletonCards } from '../components/ui/loading.tsx';
import { useAuth } from '../features/auth/AuthProvider.tsx';
import { useMarkNotifications, useNotifications } from '../features/marketplace/api.ts';
import { cn } from '../lib/cn.ts';
import { usePageMeta } from '../lib/page-meta.ts';

/** Where a notification leads (the same place its e-mail and push message link to). */
export function notificationLink(n: NotificationDto): string | null {
  return n.relatedId ? notificationPath(n.type, n.relatedId) : null;
}

export default function NotificationsPage() {
  usePageMeta('Notifications', 'Updates about your trips, quotes and bookings.');
  const { user } = useAuth();
  const list = useNotifications(Boolean(user && !user.isTest));
  const mark = useMarkNotifications();
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="text-3xl font-bold">Notifications</h1>
        {list.data && list.data.unread > 0 && (
          <Button variant="secondary" size="sm" onClick={() => mark.mutate('all')}>
            Mark all as read
          </Button>
        )}
      </div>
      {user?.isTest ? (
        <p>A test session has no notifications.</p>
      ) : list.isPending ? (
        <SkeletonCards />
      ) : list.error ? (
        <LoadError what="Notifications" error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 ? (
        <p className="text-slate-700">
          No notifications yet. New quotes, bookings, reminders and ratings show here, and by e-mail as you
          choose in{' '}
          <Link to="/settings" className="font-semibold text-brand-600 underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
      ) : (
        <ul className="flex flex-col gap-2">
          {list.data.items.map((n) => {
            const to = notificationLink(n);
            return (
              <li
                key={n.id}
                data-testid="notification"
                className={cn(
                  'rounded-lg border p-4',
                  n.isRead ? 'border-slate-200 bg-white' : 'border-brand-300 bg-brand-50',
                )}
              >
                <p className="flex flex-wrap items-center justify-between gap-2">
                  <span className="font-semibold">
                    {!n.isRead && <span className="sr-only">Unread: </span>}
                    {n.title}
                  </span>
                  <span className="text-xs text-slate-700">{formatDateTime(n.createdAt)}</span>
                </p>
                <p className="mt-1 text-sm">{n.message}</p>
                <p className="mt-2 flex gap-3 text-sm">
                  {to && (
                    <Link
                      to={to}
                      className="text-brand-600 underline"
                      onClick={() => !n.isRead && mark.mutate(n.id)}
                    >
                      Open
                    </Link>
                  )}
                  {!n.isRead && (
                    <button
                      type="button"
                      className="text-brand-600 underline"
                      onClick={() => mark.mutate(n.id)}
                    >
                      Mark as read
                    </button>
                  )}
                </p>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
