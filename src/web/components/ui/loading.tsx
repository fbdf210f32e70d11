/** Loading indicator of SPEC §2.7: full-screen or inline, optional text and progress, three variants. */
import { cn } from '../../lib/cn.ts';

const SPINNER_SIZES = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-4', lg: 'h-12 w-12 border-4' } as const;

export function Spinner({
  size = 'md',
  className,
}: {
  size?: keyof typeof SPINNER_SIZES;
  className?: string;
}) {
  return (
    <span
      aria-hidden="true"
      className={cn(
        'inline-block animate-spin rounded-full border-brand-600 border-t-transparent motion-reduce:animate-none',
        SPINNER_SIZES[size],
        className,
      )}
    />
  );
}

export function Loading({
  text = 'Loading...',
  fullScreen = false,
  progress,
  variant = 'primary',
}: {
  text?: string;
  fullScreen?: boolean;
  progress?: number;
  variant?: 'primary' | 'secondary' | 'minimal';
}) {
  return (
    <div
      role="status"
      aria-live="polite"
      className={cn(
        'flex flex-col items-center justify-center gap-3',
        fullScreen ? 'min-h-[60vh] w-full' : 'py-8',
        variant === 'secondary' && 'text-slate-600',
      )}
    >
      {variant !== 'minimal' && <Spinner size={fullScreen ? 'lg' : 'md'} />}
      <p className="text-sm font-medium">{text}</p>
      {progress !== undefined && (
        <div className="h-2 w-48 overflow-hidden rounded bg-slate-200">
          <div
            className="h-full bg-brand-600 transition-all"
            style={{ width: `${Math.max(0, Math.min(100, progress))}%` }}
            role="progressbar"
            aria-valuenow={Math.round(progress)}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-label={text}
          />
        </div>
      )}
    </div>
  );
}

/**
 * A placeholder shaped like the content it stands for (docs/DESIGN.md, "Loading"): grey blocks that pulse
 * (still with reduced motion), announced once as `label` to screen readers.
 */
export function Skeleton({ className }: { className?: string }) {
  return (
    <span
      aria-hidden="true"
      className={cn('block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none', className)}
    />
  );
}

/** Cards of skeleton lines, the shape of a list of trips, quotes or bookings while it loads. */
export function SkeletonCards({ count = 3, label = 'Loading...' }: { count?: number; label?: string }) {
  return (
    <div role="status" aria-live="polite" className="grid gap-4">
      <span className="sr-only">{label}</span>
      {Array.from({ length: count }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: identical placeholders
        <div key={i} className="rounded-xl border border-slate-200 bg-white p-5 shadow-card">
          <Skeleton className="h-5 w-2/3" />
          <Skeleton className="mt-3 h-4 w-1/2" />
          <Skeleton className="mt-2 h-4 w-1/3" />
        </div>
      ))}
    </div>
  );
}
