/** The issue form of SPEC §2.8 and §5, and the issue toasts of §8, defined once for the dialog and the API. */
import { keysOf } from '../labelled.ts';
import { z } from './z.ts';

export const ISSUE_CATEGORY_LABELS = {
  bug: 'Bug',
  feature: 'Feature Request',
  improvement: 'Improvement',
  other: 'Other',
};
export const ISSUE_CATEGORIES = keysOf(ISSUE_CATEGORY_LABELS);
export type IssueCategory = (typeof ISSUE_CATEGORIES)[number];

export const ISSUE_PRIORITY_LABELS = {
  low: 'Low',
  medium: 'Medium',
  high: 'High',
};
export const ISSUE_PRIORITIES = keysOf(ISSUE_PRIORITY_LABELS);
export type IssuePriority = (typeof ISSUE_PRIORITIES)[number];

export const ISSUE_DEFAULTS = { category: 'bug', priority: 'medium' } as const satisfies {
  category: IssueCategory;
  priority: IssuePriority;
};

export const ISSUE_TITLE_MIN = 5;
export const ISSUE_DESCRIPTION_MIN = 10;

export const ISSUE_MESSAGES = {
  titleTooShort: 'Title must be at least 5 characters',
  descriptionTooShort: 'Description must be at least 10 characters',
  categoryRequired: 'Please select a category',
  priorityRequired: 'Please select a priority',
  loginRequired: 'You must be logged in to submit an issue.',
  submittedTitle: 'Issue Submitted',
  submitted:
    'Thank you for your feedback. Your issue has been submitted successfully. We will review it and get back to you via email.',
  notReadyTitle: 'System Not Ready',
  notReady:
    'The issue tracking system is not yet set up. Please contact an administrator to set up the issues table.',
  errorTitle: 'Error',
  error:
    'Failed to submit issue. The database may not be properly set up. Please try again later or contact an administrator.',
  screenshotUnavailable:
    'Screenshot upload is not available. Your issue will be submitted without the screenshot',
  screenshotUploadFailed: 'Failed to upload screenshot. Your issue will be submitted without it',
  screenshotProcessFailed: 'Failed to process screenshot. Your issue will be submitted without it.',
} as const;

/** Placeholder address when the submitter's e-mail is unknown (§3). */
export const UNKNOWN_ISSUE_EMAIL = 'unknown@shuttlequote.invalid';

export const issueSchema = z.object({
  title: z
    .string({ error: ISSUE_MESSAGES.titleTooShort })
    .trim()
    .min(ISSUE_TITLE_MIN, ISSUE_MESSAGES.titleTooShort)
    .max(200),
  description: z
    .string({ error: ISSUE_MESSAGES.descriptionTooShort })
    .trim()
    .min(ISSUE_DESCRIPTION_MIN, ISSUE_MESSAGES.descriptionTooShort)
    .max(10_000),
  category: z.enum(ISSUE_CATEGORIES, { error: ISSUE_MESSAGES.categoryRequired }),
  priority: z.enum(ISSUE_PRIORITIES, { error: ISSUE_MESSAGES.priorityRequired }),
});
export type IssueInput = z.infer<typeof issueSchema>;

export interface IssueRecord {
  id: string;
  title: string;
  description: string;
  category: string;
  priority: string;
  screenshotUrl: string | null;
  userId: string | null;
  userEmail: string;
  userType: string;
  status: string;
  /** A problem reported from a booking (issue 30): the booking it is about; null for an app issue. */
  bookingId: string | null;
  createdAt: string;
}
