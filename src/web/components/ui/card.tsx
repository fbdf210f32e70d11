/** Card, the white surface every panel of the app sits on (docs/DESIGN.md). */
import type { HTMLAttributes } from 'react';
import { cn } from '../../lib/cn.ts';

/** The surface of docs/DESIGN.md: white, a hairline border, the card elevation, radius xl. */
export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('rounded-xl border border-slate-200 bg-white p-6 shadow-card', className)}
      {...props}
    />
  );
}
