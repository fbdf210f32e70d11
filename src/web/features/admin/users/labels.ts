/** How roles and account statuses read on the admin screens. */
import type { AccountStatus } from '../../../../shared/admin/users.ts';
import type { UserType } from '../../../../shared/roles.ts';

export const ROLE_LABELS: Record<UserType, string> = {
  customer: 'Customer',
  driver: 'Driver',
  admin: 'Administrator',
};

export const STATUS_LABELS: Record<AccountStatus, string> = {
  active: 'Active',
  suspended: 'Suspended',
};
