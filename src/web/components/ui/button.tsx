/** The Button of docs/DESIGN.md: its variants and sizes, or its styles on a child (asChild). */
import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
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

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  ref?: Ref<HTMLButtonElement>;
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
  asChild?: boolean;
}

export function Button({ variant = 'primary', size = 'md', asChild, className, ...props }: ButtonProps) {
  const Comp = asChild ? Slot : 'button';
  return (
    <Comp
      className={cn(
        'inline-flex items-center justify-center gap-2 rounded-lg font-semibold transition-colors disabled:cursor-not-allowed',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
