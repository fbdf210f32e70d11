/** The actions on one account (issue 14), each with a confirmation and, where it matters, a reason. */
import { useId, useState } from 'react';
import {
  type AdminUserDetailDto,
  adminOptionalReasonSchema,
  adminReasonSchema,
} from '../../../../shared/admin/users.ts';
import { USER_TYPES, type UserType } from '../../../../shared/roles.ts';
import { toast } from '../../../components/ui/toast.tsx';
import { ReasonDialog } from '../ReasonDialog.tsx';
import { type UserAction, useUserAction } from './api.ts';
import { ROLE_LABELS } from './labels.ts';

const noReasonSchema = adminOptionalReasonSchema;

export function UserActions({ user, isSelf }: { user: AdminUserDetailDto['user']; isSelf: boolean }) {
  const action = useUserAction(user.id);
  const [role, setRole] = useState<UserType>(user.userType === 'admin' ? 'customer' : 'admin');
  const roleId = useId();
  const run = (a: UserAction, done: string) => async () => {
    await action.mutateAsync(a);
    toast({ title: done, variant: 'success' });
  };
  if (user.deleted) return <p>This account was deleted; its trip records are kept.</p>;
  if (isSelf) return <p>These are your own account's details: another administrator acts on them.</p>;
  return (
    <div className="flex flex-wrap gap-2">
      {user.status === 'active' ? (
        <ReasonDialog
          label="Suspend account"
          title={`Suspend ${user.fullName}?`}
          description={
            <ul className="list-disc pl-5">
              <li>They cannot sign in; every session ends now, and open tabs are signed out.</li>
              <li>
                Their open trip requests close and their live quotes are withdrawn; the other side is told.
              </li>
              <li>Booked trips stay: cancel one on its booking page if it must go.</li>
              <li>They get an e-mail with your reason.</li>
            </ul>
          }
          confirmLabel="Suspend"
          variant="destructive"
          schema={adminReasonSchema}
          reasonLabel="Reason (they read it; kept in the audit log)"
          onConfirm={(reason) => run({ kind: 'suspend', reason }, 'Account suspended')()}
        />
      ) : (
        <ReasonDialog
          label="Reinstate account"
          title={`Reinstate ${user.fullName}?`}
          description="They can sign in again. Trips and quotes closed by the suspension stay closed."
          confirmLabel="Reinstate"
          schema={adminOptionalReasonSchema}
          reasonLabel="Note (optional, kept in the audit log)"
          onConfirm={(reason) => run({ kind: 'reinstate', reason }, 'Account reinstated')()}
        />
      )}
      <ReasonDialog
        label="Change role"
        title={`Change the role of ${user.fullName}`}
        description={`Now: ${ROLE_LABELS[user.userType]}. The change applies at once, in every open tab.`}
        confirmLabel="Change role"
        schema={adminReasonSchema}
        reasonLabel="Reason (kept in the audit log)"
        extra={
          <div className="flex flex-col gap-1">
            <label htmlFor={roleId} className="font-medium text-slate-800">
              New role
            </label>
            <select
              id={roleId}
              value={role}
              onChange={(e) => setRole(e.target.value as UserType)}
              className="rounded-md border border-slate-400 bg-white px-3 py-2"
            >
              {USER_TYPES.filter((r) => r !== user.userType).map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </div>
        }
        onConfirm={(reason) => run({ kind: 'role', role, reason }, 'Role changed')()}
      />
      {!user.emailVerified && (
        <ReasonDialog
          label="Resend confirmation e-mail"
          title="Resend the confirmation e-mail?"
          description={`A new confirmation link goes to ${user.email}; it works for 24 hours.`}
          confirmLabel="Send"
          variant="secondary"
          noReason
          schema={noReasonSchema}
          reasonLabel=""
          onConfirm={() => run({ kind: 'resend-confirmation' }, 'Confirmation e-mail sent')()}
        />
      )}
      <ReasonDialog
        label="Send password reset"
        title="Send a password reset?"
        description={`A reset link goes to ${user.email}; it works for one hour. Their password stays until they use it.`}
        confirmLabel="Send"
        variant="secondary"
        noReason
        schema={noReasonSchema}
        reasonLabel=""
        onConfirm={() => run({ kind: 'password-reset' }, 'Password reset sent')()}
      />
      {user.twoFactorEnabled && (
        <ReasonDialog
          label="Reset two-factor sign-in"
          title={`Reset two-factor sign-in for ${user.fullName}?`}
          description={
            <ul className="list-disc pl-5">
              <li>
                For a person who lost their authenticator app and backup codes: both stop working for this
                account.
              </li>
              <li>Every session ends now; they sign in with their password alone and can set it up again.</li>
              <li>An administrator must set it up again at their next sign-in.</li>
              <li>They get an e-mail with your reason.</li>
            </ul>
          }
          confirmLabel="Reset two-factor sign-in"
          variant="destructive"
          schema={adminReasonSchema}
          reasonLabel="Reason (they read it; kept in the audit log)"
          onConfirm={(reason) => run({ kind: 'reset-two-factor', reason }, 'Two-factor sign-in reset')()}
        />
      )}
      <ReasonDialog
        label="Delete account"
        title={`Delete the account of ${user.fullName}?`}
        description="Their personal details, sign-in methods and sessions go; bookings, ratings and trip records are kept anonymised. Refused while they have an upcoming booking. This cannot be undone."
        confirmLabel="Delete account"
        variant="destructive"
        schema={adminReasonSchema}
        reasonLabel="Reason (kept in the audit log)"
        onConfirm={(reason) => run({ kind: 'delete', reason }, 'Account deleted')()}
      />
    </div>
  );
}
