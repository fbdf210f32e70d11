/**
 * /admin/issues (issue 14): reported issues with status, filters in the address bar and pages. A problem
 * reported on a booking (issue 30) shows its trip, linked to the booking; "Kind" lists only those.
 */
import { Link } from 'react-router';
import {
  ISSUE_KIND_LABELS,
  ISSUE_KINDS,
  ISSUE_STATUS_LABELS,
  ISSUE_STATUSES,
} from '../../../../shared/admin/issues.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { ISSUE_CATEGORY_LABELS } from '../../../../shared/validation/issues.ts';
import {
  TRIP_PROBLEM_CATEGORIES,
  TRIP_PROBLEM_CATEGORY_LABELS,
} from '../../../../shared/validation/trip-problems.ts';
import { td, tr } from '../list/AdminTable.tsx';
import { FilteredList } from '../list/FilteredList.tsx';
import { selectFilter, textFilter } from '../list/FilterForm.tsx';
import { useAdminIssues } from './api.ts';

const HEADINGS = ['Issue', 'Trip', 'Status', 'Priority', 'From', 'Reported'];
const PRIORITIES = [
  ['low', 'Low'],
  ['medium', 'Medium'],
  ['high', 'High'],
  ['critical', 'Critical'],
] as const;
const CATEGORIES = [
  ['bug', 'Bug'],
  ['feature', 'Feature'],
  ['improvement', 'Improvement'],
  ['other', 'Other'],
  // A trip's problems (issue 30); 'other' is listed once, above.
  ...TRIP_PROBLEM_CATEGORIES.filter((c) => c !== 'other').map(
    (c) => [c, `Trip: ${TRIP_PROBLEM_CATEGORY_LABELS[c]}`] as const,
  ),
] as const;
const KINDS = ISSUE_KINDS.map((k) => [k, ISSUE_KIND_LABELS[k]] as const);
const STATUSES = ISSUE_STATUSES.map((s) => [s, ISSUE_STATUS_LABELS[s]] as const);
const FIELDS = [
  selectFilter('status', 'Status', STATUSES, 'Any'),
  selectFilter('priority', 'Priority', PRIORITIES, 'Any'),
  selectFilter('category', 'Category', CATEGORIES, 'Any'),
  selectFilter('kind', 'Kind', KINDS, 'Any'),
  textFilter('q', 'Words or e-mail', 'search'),
];

/** The category as people read it: a trip problem's own label when it is about a booking. */
function categoryLabel(category: string, aboutBooking: boolean): string {
  const labels: Record<string, string> = aboutBooking ? TRIP_PROBLEM_CATEGORY_LABELS : ISSUE_CATEGORY_LABELS;
  return labels[category] ?? category;
}

export function IssuesList() {
  return (
    <FilteredList
      filters={{ label: 'Find reported issues', fields: FIELDS, columns: 3, buttonsInRow: true }}
      useList={useAdminIssues}
      rows={(page) => page.issues}
      empty="No issues match."
      table={{ label: 'Issues', headings: HEADINGS, wide: true }}
      pager={{ label: 'Pages of issues' }}
      row={(i) => (
        <tr key={i.id} className={tr}>
          <td className={td}>
            <Link to={`/admin/issues/${i.id}`} className="font-semibold text-brand-600 underline">
              {i.title}
            </Link>
            <span className="block text-slate-700">
              {categoryLabel(i.category, i.booking !== null)}
              {i.replies > 0 && ` · ${i.replies} ${i.replies === 1 ? 'reply' : 'replies'}`}
            </span>
          </td>
          <td className={td}>
            {i.booking ? (
              <Link to={`/admin/bookings/${i.booking.id}`} className="text-brand-600 underline">
                {i.booking.trip}
                <span className="block whitespace-nowrap">{formatDateTime(i.booking.pickupAt)}</span>
              </Link>
            ) : (
              <span className="text-slate-700">
                <span aria-hidden="true">–</span>
                <span className="sr-only">Not about a trip</span>
              </span>
            )}
          </td>
          <td className={td}>{ISSUE_STATUS_LABELS[i.status]}</td>
          <td className={`${td} capitalize`}>
            {i.priority === 'critical' ? <strong className="text-red-800">Critical</strong> : i.priority}
          </td>
          <td className={td}>{i.userEmail}</td>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(i.createdAt)}</td>
        </tr>
      )}
    />
  );
}
