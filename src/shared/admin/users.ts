/**
 * Admin user management (issue 14): the /users list's query, the DTOs of the list and of one user's page,
 * the actions' inputs and their messages. Shared by the API (which validates) and the web app.
 */

import { z } from 'zod';
import type { BookingOrigin } from '../marketplace/booking-origin.ts';
import { VERIFICATION_STATUSES, type VerificationStatus } from '../marketplace/verification.ts';
import { USER_TYPES, type UserType } from '../roles.ts';

export const ACCOUNT_STATUSES = ['active', 'suspended'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

export const USER_SORTS = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  name: 'Name A to Z',
  name_desc: 'Name Z to A',
} as const;
export type UserSort = keyof typeof USER_SORTS;

export const ADMIN_LIMITS = {
  searchMax: 100,
  pageDefault: 25,
  pageMax: 100,
  reasonMin: 5,
  reasonMax: 1000,
  noteMax: 2000,
} as const;

export const ADMIN_USER_MESSAGES = {
  reasonRequired: `Please give a reason of at least ${ADMIN_LIMITS.reasonMin} characters: it is kept in the audit log.`,
  reasonTooLong: `Keep the reason to ${ADMIN_LIMITS.reasonMax} characters.`,
  noteRequired: 'Please write the note.',
  noteTooLong: `Keep a note to ${ADMIN_LIMITS.noteMax} characters.`,
  badDate: 'Use a date like 2026-11-25.',
  badRange: 'The "to" date must be on or after the "from" date.',
  badCursor: 'That page link is out of date: go back to the first page.',
  notYourself: 'You cannot do this to your own account.',
  lastAdmin: 'This is the last active administrator: make another administrator first.',
  alreadySuspended: 'This account is already suspended.',
  notSuspended: 'This account is not suspended.',
  sameRole: 'The account already has this role.',
  noDriverRecord:
    'This account has no driver business record: ask the person to sign up as a driver with their BSP number.',
  alreadyConfirmed: 'This e-mail address is already confirmed.',
  deletedAccount: 'This account has been deleted.',
  twoFactorNotOn: 'Two-factor sign-in is not on for this account: there is nothing to reset.',
  /** What a suspended person sees when they try to sign in; {support} is the support e-mail. */
  suspendedSignIn: (support: string) =>
    `This account is suspended. If you think this is a mistake, contact support at ${support}.`,
} as const;

const M = ADMIN_USER_MESSAGES;

export const adminReasonSchema = z.object({
  reason: z
    .string({ error: M.reasonRequired })
    .trim()
    .min(ADMIN_LIMITS.reasonMin, { error: M.reasonRequired })
    .max(ADMIN_LIMITS.reasonMax, { error: M.reasonTooLong }),
});
export const adminOptionalReasonSchema = z.object({
  reason: z.string().trim().max(ADMIN_LIMITS.reasonMax, { error: M.reasonTooLong }).optional().default(''),
});
export const roleChangeSchema = adminReasonSchema.extend({
  role: z.enum(USER_TYPES, { error: 'Choose customer, driver or administrator.' }),
});
export const adminNoteSchema = z.object({
  body: z
    .string({ error: M.noteRequired })
    .trim()
    .min(1, { error: M.noteRequired })
    .max(ADMIN_LIMITS.noteMax, { error: M.noteTooLong }),
});

const dateField = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, { error: M.badDate })
  .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)), { error: M.badDate });

/** GET /api/admin/users: anything unknown in a filter is a 400 with the reason, not an empty page. */
export const userListQuerySchema = z
  .object({
    q: z.string().trim().max(ADMIN_LIMITS.searchMax).optional().default(''),
    role: z.enum(USER_TYPES).optional(),
    status: z.enum(ACCOUNT_STATUSES).optional(),
    verification: z.enum(VERIFICATION_STATUSES).optional(),
    from: dateField.optional(),
    to: dateField.optional(),
    sort: z
      .enum(Object.keys(USER_SORTS) as [UserSort, ...UserSort[]])
      .optional()
      .default('newest'),
    cursor: z.string().max(400).optional(),
    limit: z.coerce
      .number()
      .int()
      .min(1)
      .max(ADMIN_LIMITS.pageMax)
      .optional()
      .default(ADMIN_LIMITS.pageDefault),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: M.badRange, path: ['to'] });
export type UserListQuery = z.input<typeof userListQuerySchema>;

export interface AdminUserRowDto {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  userType: UserType;
  status: AccountStatus;
  emailVerified: boolean;
  createdAt: string;
  businessName: string | null;
  verificationStatus: VerificationStatus | null;
}

export interface AdminUserListDto {
  users: AdminUserRowDto[];
  /** Pass as `cursor` for the next page; null on the last page. */
  nextCursor: string | null;
}

export interface AdminSessionDto {
  id: string;
  createdAt: string;
  lastActiveAt: string;
  expiresAt: string;
  ipAddress: string | null;
  userAgent: string | null;
}

export interface AdminNoteDto {
  id: string;
  body: string;
  authorName: string | null;
  createdAt: string;
}

export interface AuditEntryDto {
  id: number;
  at: string;
  actorId: string | null;
  actorEmail: string | null;
  action: string;
  targetType: string | null;
  targetId: string | null;
  targetLabel: string | null;
  reason: string | null;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface AdminUserTripDto {
  id: string;
  route: string;
  pickupAt: string;
  status: string;
}
export interface AdminUserQuoteDto {
  id: string;
  rideId: string;
  route: string;
  price: number;
  status: string;
  createdAt: string;
}
export interface AdminUserBookingDto {
  id: string;
  route: string;
  pickupAt: string;
  status: string;
  side: 'customer' | 'driver';
  otherParty: string;
  /** How the booking was made (issue 31), with the seats of a seat booking. */
  origin: BookingOrigin;
  seats: number | null;
}
export interface AdminUserRatingDto {
  id: string;
  bookingId: string;
  stars: number;
  comment: string | null;
  direction: 'given' | 'received';
  otherParty: string;
  createdAt: string;
}
export interface AdminSecurityEventDto {
  id: string;
  type: string;
  ipAddress: string;
  createdAt: string;
}

export interface AdminUserDetailDto {
  user: AdminUserRowDto & {
    avatarUrl: string | null;
    statusReason: string | null;
    statusChangedAt: string | null;
    statusChangedBy: string | null;
    deleted: boolean;
    /** Two-factor sign-in is on (an administrator can reset it, issue 28). */
    twoFactorEnabled: boolean;
  };
  sessions: AdminSessionDto[];
  trips: AdminUserTripDto[];
  quotes: AdminUserQuoteDto[];
  bookings: AdminUserBookingDto[];
  ratings: AdminUserRatingDto[];
  securityEvents: AdminSecurityEventDto[];
  notes: AdminNoteDto[];
  audit: AuditEntryDto[];
}
