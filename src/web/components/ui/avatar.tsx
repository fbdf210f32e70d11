/**
 * Avatar (SPEC §2.11): spinner while the picture loads, then the picture; initials on error or without one.
 * Uploading and editing come with the app-wide features issue.
 */
import { useState } from 'react';
import { cn } from '../../lib/cn.ts';

const SIZES = {
  sm: 'h-8 w-8 text-xs',
  md: 'h-10 w-10 text-sm',
  lg: 'h-16 w-16 text-xl',
  xl: 'h-24 w-24 text-3xl',
  '2xl': 'h-32 w-32 text-4xl',
} as const;

export function initialsOf(name?: string | null, email?: string | null): string {
  const source = (name?.trim() || email?.split('@')[0] || 'User').replace(/[^\p{L}\s'-]/gu, ' ');
  const parts = source.split(/\s+/).filter(Boolean);
  const letters =
    parts.length > 1 ? `${parts[0]![0]}${parts[parts.length - 1]![0]}` : (parts[0] ?? 'U').slice(0, 2);
  return letters.toUpperCase();
}

export function Avatar({
  src,
  name,
  email,
  size = 'md',
  className,
  decorative = false,
}: {
  /** Inside a control that names the user itself: hide the picture from assistive technology. */
  decorative?: boolean;
  src?: string | null;
  name?: string | null;
  email?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  const [state, setState] = useState<'loading' | 'loaded' | 'error'>(src ? 'loading' : 'error');
  const label = name || email || 'User';
  return (
    <span
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-[#1e40af] font-bold text-white',
        SIZES[size],
        className,
      )}
    >
      {src && state !== 'error' ? (
        <>
          {state === 'loading' && (
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="h-1/2 w-1/2 animate-spin rounded-full border-2 border-white border-t-transparent" />
            </span>
          )}
          <img
            src={src}
            alt={label}
            className={cn('h-full w-full object-cover', state === 'loading' && 'opacity-0')}
            onLoad={() => setState('loaded')}
            onError={() => setState('error')}
          />
        </>
      ) : (
        <span role="img" aria-label={label}>
          {initialsOf(name, email)}
        </span>
      )}
    </span>
  );
}
