/** /admin/issues (issue 14): reported issues with status, filters in the address bar and pages. */
import { Link } from 'react-router';
import { ISSUE_STATUS_LABELS, ISSUE_STATUSES } from '../../../../shared/admin/issues.ts';
import { formatDateTime } from '../../../../shared/format.ts';
import { td, tr } from '../list/AdminTable.tsx';
import { FilteredList } from '../list/FilteredList.tsx';
import { selectFilter, textFilter } from '../list/FilterForm.tsx';
import { useAdminIssues } from './api.ts';

const HEADINGS = ['Issue', 'Status', 'Priority', 'From', 'Reported'];
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
] as const;
const STATUSES = ISSUE_STATUSES.map((s) => [s, ISSUE_STATUS_LABELS[s]] as const);
const FIELDS = [
  selectFilter('status', 'Status', STATUSES, 'Any'),
  selectFilter('priority', 'Priority', PRIORITIES, 'Any'),
  selectFilter('category', 'Category', CATEGORIES, 'Any'),
  textFilter('q', 'Words or e-mail', 'search'),
];

export function IssuesList() {
  return (
    <FilteredList
      filters={{ label: 'Find reported issues', fields: FIELDS, columns: 4 }}
      useList={useAdminIssues}
      rows={(page) => page.issues}
      empty="No issues match."
      table={{ label: 'Issues', headings: HEADINGS }}
      pager={{ label: 'Pages of issues' }}
      row={(i) => (
        <tr key={i.id} className={tr}>
          <td className={td}>
            <Link to={`/admin/issues/${i.id}`} className="font-semibold text-brand-600 underline">
              {i.title}
            </Link>
            <span className="block capitalize text-slate-700">
              {i.category}
              {i.replies > 0 && ` · ${i.replies} ${i.replies === 1 ? 'reply' : 'replies'}`}
            </span>
          </td>
          <td className={td}>{ISSUE_STATUS_LABELS[i.status]}</td>
          <td className={`${td} capitalize`}>{i.priority}</td>
          <td className={td}>{i.userEmail}</td>
          <td className={`${td} whitespace-nowrap`}>{formatDateTime(i.createdAt)}</td>
        </tr>
      )}
    />
  );
}
