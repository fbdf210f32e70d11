/** The admin tables' shell: a focusable, named region that scrolls sideways, the headings, and the rows. */
import type { ReactNode } from 'react';

/** Cell and row styles of the admin tables. */
export const th = 'px-3 py-2 text-left';
export const td = 'px-3 py-2 align-top';
export const tr = 'border-t border-slate-200';

export interface AdminTableProps {
  /** What the rows are: the region is named "{label} (scrolls sideways)". */
  label: string;
  /** For screen readers: what the table holds and in what order. */
  caption?: ReactNode;
  headings: readonly string[];
  /** 44 rem at least instead of 40 (more columns). */
  wide?: boolean;
  children: ReactNode;
}

export function AdminTable({ label, caption, headings, wide = false, children }: AdminTableProps) {
  return (
    // Focusable and named, so a keyboard can scroll the table sideways on a phone (issue 12).
    <div
      role="region"
      aria-label={`${label} (scrolls sideways)`}
      tabIndex={0}
      className="overflow-x-auto rounded-xl border border-slate-200 bg-white"
    >
      <table className={wide ? 'w-full min-w-[44rem] text-left text-sm' : 'w-full min-w-[40rem] text-sm'}>
        {caption && <caption className="sr-only">{caption}</caption>}
        <thead className="bg-slate-100">
          <tr>
            {headings.map((h) => (
              <th key={h} scope="col" className={th}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}
