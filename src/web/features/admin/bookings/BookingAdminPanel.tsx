/** On /admin/bookings/{id} (issue 14): the admin's status line, actions, notes and the whole timeline. */
import { useId, useState } from 'react';
import { BOOKING_FLAGS, type BookingFlag } from '../../../../shared/admin/bookings.ts';
import { adminReasonSchema } from '../../../../shared/admin/users.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { Card } from '../../../components/ui/card.tsx';
import { Loading } from '../../../components/ui/loading.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { NotesCard } from '../NotesCard.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { useAdminBooking, useBookingAction } from './api.ts';
import { STATUS_TEXT } from './labels.ts';

const DELIVERY_TEXT: Record<string, string> = {
  sent: 'sent',
  failed: 'failed',
  skipped: 'off in their settings',
  pending: 'waiting to send',
};

export function BookingAdminPanel({ id }: { id: string }) {
  const detail = useAdminBooking(id);
  const action = useBookingAction(id);
  const [flag, setFlag] = useState<BookingFlag>('disputed');
  const flagId = useId();
  if (detail.isPending) return <Loading />;
  if (detail.error) return <p role="alert">{detail.error.message}</p>;
  const b = detail.data.booking;
  const done = (title: string) => toast({ title, variant: 'success' });
  return (
    <div className="flex flex-col gap-6">
      <Card className="flex flex-col gap-3" data-testid="admin-booking-panel">
        <h2 className="text-xl font-bold">Administration</h2>
        <p>
          <strong>{STATUS_TEXT[b.status]}</strong>
          {b.flag && (
            <>
              {' · '}
              <strong className="text-red-700">{BOOKING_FLAGS[b.flag]}</strong>
              {b.flagReason && <span>: “{b.flagReason}”</span>}
            </>
          )}
        </p>
        <div className="flex flex-wrap gap-2">
          {b.status === 'confirmed' && (
            <ReasonDialog
              label="Cancel booking"
              title="Cancel this booking?"
              description="Both sides are told, with your reason. The request opens again (if its pickup is still ahead) and the other drivers who quoted are invited to quote again."
              confirmLabel="Cancel booking"
              variant="destructive"
              schema={adminReasonSchema}
              reasonLabel="Reason (both sides read it; kept in the audit log)"
              onConfirm={async (reason) => {
                await action.mutateAsync({ kind: 'cancel', reason });
                done('Booking cancelled');
              }}
            />
          )}
          <ReasonDialog
            label="Mark booking"
            title="Mark this booking"
            description="A mark is for administrators: the customer and driver do not see it. A no-show can be marked once the pickup time has passed."
            confirmLabel="Mark"
            schema={adminReasonSchema}
            reasonLabel="Reason (kept in the audit log)"
            extra={
              <div className="flex flex-col gap-1">
                <label htmlFor={flagId} className="font-medium text-slate-800">
                  Mark
                </label>
                <select
                  id={flagId}
                  value={flag}
                  onChange={(e) => setFlag(e.target.value as BookingFlag)}
                  className="rounded-md border border-slate-400 bg-white px-3 py-2"
                >
                  {Object.entries(BOOKING_FLAGS).map(([value, label]) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </select>
              </div>
            }
            onConfirm={async (reason) => {
              await action.mutateAsync({ kind: 'flag', flag, reason });
              done('Booking marked');
            }}
          />
          {b.flag && (
            <ReasonDialog
              label="Clear mark"
              title={`Clear the mark "${BOOKING_FLAGS[b.flag]}"?`}
              description="The history keeps the mark and this change."
              confirmLabel="Clear mark"
              variant="secondary"
              schema={adminReasonSchema}
              reasonLabel="Reason (kept in the audit log)"
              onConfirm={async (reason) => {
                await action.mutateAsync({ kind: 'flag', flag: null, reason });
                done('Mark cleared');
              }}
            />
          )}
        </div>
      </Card>
      <NotesCard
        notes={[]}
        busy={action.isPending}
        onAdd={async (body) => {
          await action.mutateAsync({ kind: 'note', body });
          done('Note added to the timeline');
        }}
      />
      <Card className="flex flex-col gap-3">
        <h2 className="text-xl font-bold">Timeline</h2>
        <ol className="flex flex-col gap-3" data-testid="booking-timeline">
          {detail.data.timeline.map((t, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the timeline is only appended to
            <li key={i} className="border-l-4 border-slate-300 pl-3">
              <p className="font-semibold">{t.text}</p>
              <p className="text-sm text-slate-700">
                {formatDateTime(t.at)}
                {t.by && ` · ${t.by}`}
                {t.delivery &&
                  ` · e-mail ${DELIVERY_TEXT[t.delivery.email ?? ''] ?? 'not sent'}, push ${DELIVERY_TEXT[t.delivery.push ?? ''] ?? 'not sent'}`}
              </p>
              {t.detail && <p className="whitespace-pre-wrap wrap-anywhere">{t.detail}</p>}
            </li>
          ))}
        </ol>
      </Card>
    </div>
  );
}
