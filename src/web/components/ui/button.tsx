import { Slot } from '@radix-ui/react-slot';
import type { ButtonHTMLAttributes, Ref } from 'react';
import { cn } from '../../lib/cn.ts';

const VARIANTS = {
  primary: 'bg-brand-dark text-white hover:bg-blue-900 disabled:bg-blue-300',
  secondary: 'bg-white text-brand-ink border border-slate-300 hover:bg-slate-100',
  ghost: 'bg-transparent text-brand-ink hover:bg-slate-100',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
  link: 'bg-transparent text-brand-dark underline underline-offset-4 hover:text-blue-900 px-0',
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
        'inline-flex items-center justify-center gap-2 rounded-md font-semibold transition-colors disabled:cursor-not-allowed',
        VARIANTS[variant],
        SIZES[size],
        className,
      )}
      {...props}
    />
  );
}
