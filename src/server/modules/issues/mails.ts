/**
 * The two e-mails of a new issue (SPEC §3 Email payload): the report to support and the thank-you to the
 * reporter, recorded in the mail outbox inside the transaction that stores the issue. A problem reported on
 * a booking (issue 30) carries the booking: the trip, the pickup, both sides and the links to it.
 */
import type { IssueBookingDto } from '../../../shared/admin/issues.ts';
import { formatSydneyDateTime } from '../../../shared/marketplace/time.ts';
import { ISSUE_CATEGORY_LABELS, UNKNOWN_ISSUE_EMAIL } from '../../../shared/validation/issues.ts';
import { TRIP_PROBLEM_CATEGORY_LABELS } from '../../../shared/validation/trip-problems.ts';
import type { Db } from '../../db/client.ts';
import type { issues } from '../../db/schema/index.ts';
import type { Deps, SessionUser } from '../../http/context.ts';
import { type EmailRow, renderEmail } from '../../services/email-layout.ts';

type IssueRow = typeof issues.$inferSelect;

/** §3 Email payload, issue report: userName is the full name, else the e-mail, else 'Unknown User'. */
export function reporterName(user: Pick<SessionUser, 'fullName' | 'email'>): string {
  return user.fullName?.trim() || user.email?.trim() || 'Unknown User';
}

/** The category as people read it: a trip problem's label when the issue is about a booking. */
export function issueCategoryLabel(row: Pick<IssueRow, 'category' | 'bookingId'>): string {
  const labels: Record<string, string> = row.bookingId ? TRIP_PROBLEM_CATEGORY_LABELS : ISSUE_CATEGORY_LABELS;
  return labels[row.category] ?? row.category;
}

/** 'Nelson Bay to Williamtown, Fri 27 Nov 2026, 5:30 am' */
export function bookingLine(booking: IssueBookingDto): string {
  return `${booking.trip}, ${formatSydneyDateTime(booking.pickupAt)}`;
}

/** Records both e-mails of a new issue in the transaction `tx` that stores it. */
export async function recordIssueMails(
  deps: Deps,
  tx: Db,
  row: IssueRow,
  user: SessionUser,
  booking: IssueBookingDto | null = null,
) {
  const absolute = (url: string | null) => (url ? `${deps.env.APP_URL}${url}` : null);
  const attachments = row.screenshotUrl ? [absolute(row.screenshotUrl)!] : [];
  const formData = {
    title: row.title,
    category: row.category,
    priority: row.priority,
    userName: reporterName(user),
    userEmail: row.userEmail,
    description: row.description,
    attachments,
    ...(booking ? { bookingId: booking.id } : {}),
  };
  const category = issueCategoryLabel(row);
  const adminBookingUrl = booking ? `${deps.env.APP_URL}/admin/bookings/${booking.id}` : '';
  const bookingRows: EmailRow[] = booking
    ? [
        { label: 'Booking', value: { text: bookingLine(booking), href: adminBookingUrl } },
        { label: 'Customer', value: `${booking.customer.name} <${booking.customer.email}>` },
        {
          label: 'Driver',
          value: `${booking.driver.businessName ?? booking.driver.name} <${booking.driver.email}>`,
        },
      ]
    : [];
  const lines = [
    `Title: ${formData.title}`,
    `Category: ${category}`,
    `Priority: ${formData.priority}`,
    `Reported by: ${formData.userName} <${formData.userEmail}>`,
    `Account type: ${row.userType}`,
    ...(booking
      ? [
          `Booking: ${bookingLine(booking)} (${adminBookingUrl})`,
          `Customer: ${booking.customer.name} <${booking.customer.email}>`,
          `Driver: ${booking.driver.businessName ?? booking.driver.name} <${booking.driver.email}>`,
        ]
      : []),
    '',
    formData.description,
    ...(attachments.length ? ['', `Screenshot: ${attachments[0]}`] : []),
  ];
  const subject = `[Issue][${formData.priority}] ${formData.title}`;
  await deps.mailer.send(
    {
      to: deps.env.SUPPORT_EMAIL,
      subject,
      text: lines.join('\n'),
      html: renderEmail({
        brandName: deps.env.BRAND_NAME,
        title: subject,
        heading: booking ? 'A problem reported on a booking' : 'New issue report',
        paragraphs: [],
        sections: [
          {
            rows: [
              { label: 'Title', value: formData.title },
              { label: 'Category', value: category },
              { label: 'Priority', value: formData.priority },
              {
                label: 'Reported by',
                value: [
                  formData.userName,
                  { text: formData.userEmail, href: `mailto:${formData.userEmail}` },
                ],
              },
              { label: 'Account type', value: row.userType },
              ...bookingRows,
              { label: 'Description', value: formData.description.split(/\r?\n/) },
              ...(attachments.length
                ? [{ label: 'Screenshot', value: { text: 'Open the screenshot', href: attachments[0]! } }]
                : []),
            ],
          },
        ],
        footer: {
          supportEmail: deps.env.SUPPORT_EMAIL,
          supportPhone: deps.env.SUPPORT_PHONE,
          reason: `Sent by the issue reporter of ${deps.env.BRAND_NAME}.`,
        },
      }).html,
      kind: 'issue',
      replyTo: row.userEmail === UNKNOWN_ISSUE_EMAIL ? undefined : row.userEmail,
      meta: { formData, issueId: row.id },
    },
    { tx },
  );
  if (row.userEmail === UNKNOWN_ISSUE_EMAIL) return;
  const thanks = [
    `Hello ${formData.userName},`,
    '',
    `Thank you for your feedback. We received your issue "${formData.title}" and will review it and get back to you via email.`,
    ...(booking ? [`It is about your booking: ${bookingLine(booking)}.`] : []),
    '',
    `The ${deps.env.BRAND_NAME} team`,
  ];
  const thankYou = renderEmail({
    brandName: deps.env.BRAND_NAME,
    title: `We received your issue: ${formData.title}`,
    heading: 'We received your issue',
    paragraphs: thanks.filter(Boolean),
    ...(booking
      ? { button: { text: 'Open the booking', href: `${deps.env.APP_URL}/booking/${booking.id}` } }
      : {}),
    footer: {
      supportEmail: deps.env.SUPPORT_EMAIL,
      supportPhone: deps.env.SUPPORT_PHONE,
      reason: `You got this e-mail because you reported an issue in ${deps.env.BRAND_NAME}.`,
    },
  });
  await deps.mailer.send(
    {
      to: row.userEmail,
      subject: `We received your issue: ${formData.title}`,
      text: thankYou.text,
      html: thankYou.html,
      kind: 'issue',
      replyTo: deps.env.SUPPORT_EMAIL,
      meta: { confirmation: true, issueId: row.id },
    },
    { tx },
  );
}
