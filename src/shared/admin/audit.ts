/**
 * The audit log's actions (issue 14): every admin action and every sensitive account event. One list, read
 * by the server (which writes them) and the web app (which names them in /admin/audit and on user pages).
 */
export const AUDIT_ACTIONS = {
  // Account events: the account holder is the actor.
  'account.sign_in': 'Signed in',
  'account.sign_in_failures': 'Repeated failed sign-ins',
  'account.sign_in_refused_suspended': 'Sign-in refused: account suspended',
  'account.password_changed': 'Changed their password',
  'account.password_reset': 'Reset their password by e-mail link',
  'account.email_change_requested': 'Asked to change their e-mail address',
  'account.email_changed': 'Changed their e-mail address (confirmed by the new address)',
  'account.email_change_undone': 'Undid an e-mail change with the link sent to the old address',
  'account.two_factor_enabled': 'Turned on two-factor sign-in',
  'account.two_factor_disabled': 'Turned off two-factor sign-in',
  'account.backup_codes_regenerated': 'Made new two-factor backup codes',
  'account.deleted': 'Deleted their account',
  // Admin actions on users.
  'user.suspended': 'Suspended an account',
  'user.reinstated': 'Reinstated an account',
  'user.role_changed': 'Changed a role',
  'user.confirmation_resent': 'Resent the confirmation e-mail',
  'user.password_reset_sent': 'Sent a password reset',
  'user.two_factor_reset': 'Reset two-factor sign-in',
  'user.deleted': 'Deleted an account',
  'user.note_added': 'Added an internal note',
  // Admin actions on bookings.
  'booking.cancelled': 'Cancelled a booking',
  'booking.flagged': 'Marked a booking',
  'booking.flag_cleared': 'Cleared a booking mark',
  'booking.note_added': 'Added a note to a booking',
  // Admin actions on reported issues.
  'issue.status_changed': 'Changed an issue status',
  'issue.replied': 'Replied to an issue',
  // Exports.
  'export.trip_records': 'Exported trip records',
  'export.completed_trips': 'Exported completed trips per month',
  // Admin actions on drivers (issue 13's review).
  'driver.approved': 'Verified a driver',
  'driver.rejected': 'Sent a driver back for changes',
  'driver.suspended': 'Suspended a driver',
  'driver.reinstated': 'Reinstated a driver',
  'document.approved': 'Approved a document',
  'document.rejected': 'Rejected a document',
  // Driver billing (issue 15).
  'statement.payment_recorded': 'Recorded a statement payment',
  'statement.voided': 'Voided a statement',
  'export.statements': 'Exported driver statements',
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export const AUDIT_ACTION_KEYS = Object.keys(AUDIT_ACTIONS) as AuditAction[];

/** Failed sign-ins to one account within this window that count as "repeated" (one audit row each time). */
export const SIGN_IN_FAILURE_AUDIT = { count: 5, windowMinutes: 15 } as const;

export function auditActionLabel(action: string): string {
  return (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;
}
