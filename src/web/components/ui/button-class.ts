/**
 * The Button's classes (docs/DESIGN.md: variants, sizes, states), without React: the Button component and
 * the public pages' small scripts (src/web/light/, no React there) draw the same buttons from this.
 */
import { cn } from '../../lib/cn.ts';

/** The component states of docs/DESIGN.md: rest, hover, pressed, focus (the global ring), disabled. */
const VARIANTS = {
  primary:
    'bg-brand-600 text-white shadow-sm hover:bg-brand-700 active:bg-brand-800 disabled:bg-slate-300 disabled:text-slate-700 disabled:shadow-none',
  secondary:
    'bg-white text-brand-800 border border-slate-300 hover:border-brand-300 hover:bg-brand-50 active:bg-brand-100 disabled:text-slate-500',
  ghost: 'bg-transparent text-brand-800 hover:bg-brand-50 active:bg-brand-100 disabled:text-slate-500',
  destructive:
    'bg-red-700 text-white hover:bg-red-800 active:bg-red-900 disabled:bg-slate-300 disabled:text-slate-700',
  link: 'bg-transparent text-brand-600 underline underline-offset-4 hover:text-brand-900 px-0',
} as const;
const SIZES = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-4 text-base', lg: 'h-12 px-6 text-lg' } as const;

export type ButtonVariant = keyof typeof VARIANTS;
export type ButtonSize = keyof typeof SIZES;

export function buttonClass(variant: ButtonVariant = 'primary', size: ButtonSize = 'md', extra?: string) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}
