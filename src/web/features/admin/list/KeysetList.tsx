/** An admin list's results: loading, failure and no-match states, then the table shell and the pager. */
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { SkeletonCards } from '../../../components/ui/loading.tsx';
import { AdminTable, type AdminTableProps } from './AdminTable.tsx';
import { KeysetPager, type KeysetPagerProps } from './KeysetPager.tsx';

export interface KeysetListProps<Page extends { nextCursor: string | null }, Row> {
  query: UseQueryResult<Page>;
  /** The page's rows. */
  rows: (page: Page) => Row[];
  /** Said when no row matches the filters. */
  empty: string;
  table: Omit<AdminTableProps, 'children'>;
  pager: Omit<KeysetPagerProps, 'nextCursor'>;
  /** One row, a `<tr>` with its key (cells styled with `td`). */
  row: (row: Row) => ReactNode;
}

export function KeysetList<Page extends { nextCursor: string | null }, Row>({
  query,
  rows,
  empty,
  table,
  pager,
  row,
}: KeysetListProps<Page, Row>) {
  if (query.isPending) return <SkeletonCards />;
  if (query.error) {
    return (
      <p role="alert" className="text-red-700">
        {query.error.message}
      </p>
    );
  }
  const list = rows(query.data);
  if (list.length === 0) return <p role="status">{empty}</p>;
  return (
    <>
      <AdminTable {...table}>{list.map(row)}</AdminTable>
      <KeysetPager {...pager} nextCursor={query.data.nextCursor} />
    </>
  );
}
