/** An admin list with its filters in the address bar: the filter form over the matching rows, a page at a time. */
import type { UseQueryResult } from '@tanstack/react-query';
import { FilterForm, type FilterFormProps } from './FilterForm.tsx';
import { KeysetList, type KeysetListProps } from './KeysetList.tsx';
import { type KeysetPagerProps, useKeysetPager } from './KeysetPager.tsx';
import { useUrlFilters } from './useUrlFilters.ts';

type Cursored = { nextCursor: string | null };

export interface FilteredListProps<K extends string, Page extends Cursored, Row>
  extends Omit<KeysetListProps<Page, Row>, 'query' | 'pager'> {
  /** The filter form. `keys` orders the filters in the address (the fields' order when left out). */
  filters: Omit<FilterFormProps<K>, 'filters'> & { keys?: readonly K[] };
  /** The page's query: the filters as a query string and the page's cursor (null: the first page). */
  useList: (search: string, cursor: string | null) => UseQueryResult<Page>;
  pager: Omit<KeysetPagerProps, 'pager' | 'nextCursor'>;
}

/** A change of filters goes back to the first page. */
export function FilteredList<K extends string, Page extends Cursored, Row>({
  filters: { keys, ...form },
  useList,
  pager: pagerProps,
  ...list
}: FilteredListProps<K, Page, Row>) {
  const pager = useKeysetPager();
  const filters = useUrlFilters(keys ?? form.fields.map((f) => f.name), pager.reset);
  const query = useList(filters.search, pager.cursor);

  return (
    <div className="flex flex-col gap-4">
      <FilterForm {...form} filters={filters} />
      <KeysetList {...list} query={query} pager={{ ...pagerProps, pager }} />
    </div>
  );
}
