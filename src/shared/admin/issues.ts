/** Issue triage for administrators (issue 14): statuses, the list's filters, replies. */
import { z } from 'zod';
import { ISSUE_CATEGORIES, ISSUE_PRIORITIES } from '../validation/issues.ts';
import { TRIP_PROBLEM_CATEGORIES } from '../validation/trip-problems.ts';
import { ADMIN_LIMITS } from './users.ts';

export const ISSUE_STATUSES = ['pending', 'in_progress', 'resolved', 'closed'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const ISSUE_STATUS_LABELS: Record<IssueStatus, string> = {
  pending: 'Pending',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const ISSUE_REPLY_MAX = 5000;

/** The list's kinds (issue 30): problems reported on a booking, and the app-wide issue reports. */
export const ISSUE_KINDS = ['trip', 'app'] as const;
export const ISSUE_KIND_LABELS: Record<(typeof ISSUE_KINDS)[number], string> = {
  trip: 'Trip problems',
  app: 'App issues',
};

export const ISSUE_ADMIN_MESSAGES = {
  replyRequired: 'Please write the reply.',
  replyTooLong: `Keep a reply to ${ISSUE_REPLY_MAX} characters.`,
  sameStatus: 'The issue already has this status.',
  noAddress: 'This issue has no address to reply to: the reporter gave none.',
} as const;

export const issueStatusSchema = z.object({
  status: z.enum(ISSUE_STATUSES, { error: 'Choose a status.' }),
});

export const issueReplySchema = z.object({
  body: z
    .string({ error: ISSUE_ADMIN_MESSAGES.replyRequired })
    .trim()
    .min(1, { error: ISSUE_ADMIN_MESSAGES.replyRequired })
    .max(ISSUE_REPLY_MAX, { error: ISSUE_ADMIN_MESSAGES.replyTooLong }),
  /** The status after the reply (default: in progress for a pending issue, else unchanged). */
  status: z.enum(ISSUE_STATUSES).optional(),
});

export const issueListQuerySchema = z.object({
  status: z.enum(ISSUE_STATUSES).optional(),
  // Both lists name 'other'; the repeat is harmless to the enum.
  category: z.enum([...ISSUE_CATEGORIES, ...TRIP_PROBLEM_CATEGORIES]).optional(),
  /** 'trip': problems reported on a booking (issue 30); 'app': the app-wide issue reports. */
  kind: z.enum(ISSUE_KINDS).optional(),
  priority: z.enum([...ISSUE_PRIORITIES, 'critical']).optional(),
  /** Part of the title, description or reporter's e-mail. */
  q: z.string().trim().max(ADMIN_LIMITS.searchMax).optional(),
  cursor: z.string().max(400).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1)
    .max(ADMIN_LIMITS.pageMax)
    .optional()
    .default(ADMIN_LIMITS.pageDefault),
});

export interface AdminIssueDto {
  id: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  status: IssueStatus;
  screenshotUrl: string | null;
  userId: string | null;
  userEmail: string;
  userType: string;
  createdAt: string;
  statusChangedAt: string | null;
  replies: number;
  /** A problem reported on a booking (issue 30): the booking, its trip and both sides; else null. */
  booking: IssueBookingDto | null;
}

/** The booking a trip problem is about, as the admin's issue list and page show it. */
export interface IssueBookingDto {
  id: string;
  status: string;
  pickupAt: string;
  /** 'Nelson Bay to Williamtown' */
  trip: string;
  customer: { id: string; name: string; email: string };
  driver: { id: string; name: string; businessName: string | null; email: string };
}

export interface IssueReplyDto {
  id: string;
  body: string;
  sentTo: string;
  authorName: string | null;
  createdAt: string;
  /** How the e-mail went: pending, sent, failed, expired (null: not recorded). */
  mailStatus: string | null;
}

export interface AdminIssueDetailDto {
  issue: AdminIssueDto;
  replies: IssueReplyDto[];
  history: { at: string; text: string; by: string | null }[];
}
