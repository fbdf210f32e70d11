/**
 * Avatar (SPEC §2.11): spinner while the picture loads, then the picture; initials on error or without one.
 * With onEdit, a small edit button sits on it: pass it only for the current user's own avatar
 * (features/avatars/OwnAvatar does).
 */
import { Pencil } from 'lucide-react';
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
  onEdit,
  editLabel = 'Change profile picture',
}: {
  /** Shows the small edit button; only for the signed-in user's own avatar. */
  onEdit?: () => void;
  editLabel?: string;
  /** Inside a control that names the user itself: hide the picture from assistive technology. */
  decorative?: boolean;
  src?: string | null;
  name?: string | null;
  email?: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}) {
  type LoadState = 'loading' | 'loaded' | 'error';
  const initial = (s?: string | null): LoadState => (s ? 'loading' : 'error');
  const [status, setStatus] = useState<{ src?: string | null; state: LoadState }>({
    src,
    state: initial(src),
  });
  // A new picture (e.g. after an avatar change) loads afresh: state derived during render, not in an effect.
  let state = status.state;
  if (status.src !== src) {
    state = initial(src);
    setStatus({ src, state });
  }
  const setState = (next: LoadState) => setStatus({ src, state: next });
  const label = name || email || 'User';
  const picture = (
    <span
      aria-hidden={decorative || undefined}
      className={cn(
        'relative inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full bg-brand-600 font-bold text-white',
        SIZES[size],
        !onEdit && className,
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
  if (!onEdit) return picture;
  return (
    <span className={cn('relative inline-flex shrink-0', className)}>
      {picture}
      {/* Inside the picture's box, so large text never pushes it past its container. */}
      <button
        type="button"
        onClick={onEdit}
        aria-label={editLabel}
        title={editLabel}
        className="absolute right-0 bottom-0 inline-flex h-8 w-8 items-center justify-center rounded-full border-2 border-white bg-brand-600 text-white shadow hover:bg-brand-900"
      >
        <Pencil className="h-4 w-4" aria-hidden="true" />
      </button>
    </span>
  );
}
