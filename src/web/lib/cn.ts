/** cn(): class names joined (clsx), without merging conflicting utilities. */
import { type ClassValue, clsx } from 'clsx';

/**
 * Joins class names. No merging of conflicting utilities (tailwind-merge was 8.6 KB gzip of every page's
 * first download, issue 18): a component's classes and the ones a caller adds must not set the same property.
 * Make alternatives exclusive (`error ? 'border-red-700' : 'border-slate-400'`), or override with Tailwind's
 * important modifier (`p-4!`) where a caller really must.
 */
export const cn = (...inputs: ClassValue[]) => clsx(inputs);
