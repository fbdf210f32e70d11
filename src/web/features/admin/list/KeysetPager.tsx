/** The keyset pager of the admin lists: the cursors followed so far, and Previous/Next (or Newer/Older). */
import { useState } from 'react';
import { Button } from '../../../components/ui/button.tsx';

/**
 * Next follows the server's cursor; Previous goes back through the ones already seen. The current page's
 * own cursor is the last (null: the first page).
 */
export function useKeysetPager() {
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  return {
    cursor: cursors.at(-1) ?? null,
    page: cursors.length,
    back: () => setCursors((c) => c.slice(0, -1)),
    follow: (next: string | null) => setCursors((c) => [...c, next]),
    reset: () => setCursors([null]),
  };
}

export type KeysetPagerState = ReturnType<typeof useKeysetPager>;

const LABELS = { pages: ['Previous page', 'Next page'], time: ['Newer', 'Older'] } as const;

export interface KeysetPagerProps {
  /** The navigation's name: "Pages of bookings". */
  label: string;
  pager: KeysetPagerState;
  nextCursor: string | null;
  /** Numbered pages (Previous page, Page 2, Next page), or a log's Newer and Older. */
  by?: keyof typeof LABELS;
}

export function KeysetPager({ label, pager, nextCursor, by = 'pages' }: KeysetPagerProps) {
  const [back, forward] = LABELS[by];
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="secondary" disabled={pager.page <= 1} onClick={pager.back}>
        {back}
      </Button>
      {by === 'pages' && <span className="text-slate-700">Page {pager.page}</span>}
      <Button variant="secondary" disabled={!nextCursor} onClick={() => pager.follow(nextCursor)}>
        {forward}
      </Button>
    </nav>
  );
}
