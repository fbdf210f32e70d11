/**
 * An empty state that guides (issue 18, docs/DESIGN.md): a small illustration drawn for the product, what
 * is empty, what happens next, and the next action. The illustration is a file (public/illustrations), not
 * script, so it costs nothing on the first download.
 */
import type { ReactNode } from 'react';

export const ILLUSTRATIONS = ['quotes-on-the-way', 'no-trips', 'empty-board'] as const;

export function EmptyState({
  illustration,
  title,
  children,
  action,
  headingLevel = 3,
}: {
  illustration?: (typeof ILLUSTRATIONS)[number];
  title: string;
  children: ReactNode;
  action?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-8 text-center"
      data-testid="empty-state"
    >
      {illustration && (
        <img
          src={`/illustrations/${illustration}.svg`}
          alt=""
          width={160}
          height={112}
          className="h-24 w-auto"
        />
      )}
      <Heading className="text-lg font-bold text-slate-900">{title}</Heading>
      <div className="flex max-w-lg flex-col gap-2 text-base text-slate-700">{children}</div>
      {action && <div className="mt-1 flex flex-wrap justify-center gap-3">{action}</div>}
    </div>
  );
}
