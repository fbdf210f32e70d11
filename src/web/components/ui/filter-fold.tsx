/**
 * Filters folded on phones (issue 32): below 768 px (SPEC's mobile breakpoint) a list's filters hide behind
 * a "Filter" button that says how many are set ("Filter (2)"), so the first results come first; from 768 px
 * the form is always shown and the button is not there. Used by /available-rides and every admin list.
 */
import { SlidersHorizontal } from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { cn } from '../../lib/cn.ts';
import { Button } from './button.tsx';

/** The button's words: "Filter", or "Filter (2)" with two filters set. */
export const filterButtonLabel = (count: number) => (count > 0 ? `Filter (${count})` : 'Filter');

// Whole class names, so Tailwind finds them.
const SHOWN = { grid: ['grid', 'md:grid'], flex: ['flex', 'md:flex'] } as const;

export interface FilterFoldProps {
  /** How many filters are set (differ from their defaults). */
  count: number;
  /** The form's display when shown (grid by default). */
  display?: keyof typeof SHOWN;
  /** The form, given the classes that fold it on phones and its id for the button's aria-controls. */
  children: (fold: { id: string; className: string; close: () => void }) => ReactNode;
}

export function FilterFold({ count, display = 'grid', children }: FilterFoldProps) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <>
      <Button
        type="button"
        variant="secondary"
        className="self-start md:hidden"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        data-testid="filter-toggle"
      >
        <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
        {filterButtonLabel(count)}
      </Button>
      {children({
        id,
        className: cn(open ? SHOWN[display][0] : 'hidden', SHOWN[display][1]),
        close: () => setOpen(false),
      })}
    </>
  );
}
