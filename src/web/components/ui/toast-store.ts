/**
 * The toasts shown now (SPEC §9), without React: the app's toast area (toast.tsx) and the public pages'
 * (src/web/light/toasts.ts) show these. One visible at a time, 5 s by default (10 s for critical).
 */
import { TOAST } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  critical?: boolean;
  duration?: number;
}
export interface Toast extends ToastInput {
  id: number;
}

let toasts: Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function toast(input: ToastInput) {
  const id = nextId++;
  // Only one is visible at a time: the newest replaces the others.
  toasts = [{ ...input, id }, ...toasts].slice(0, TOAST.limit);
  emit();
  return {
    id,
    dismiss: () => dismissToast(id),
    update: (patch: Partial<ToastInput>) => {
      toasts = toasts.map((t) => (t.id === id ? { ...t, ...patch } : t));
      emit();
    },
  };
}

export function dismissToast(id?: number) {
  toasts = id === undefined ? [] : toasts.filter((t) => t.id !== id);
  emit();
}

export function subscribeToasts(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export const getToasts = () => toasts;

/** How long a toast shows. */
export const toastDuration = (t: Toast) => t.duration ?? (t.critical ? TOAST.criticalMs : TOAST.defaultMs);

export const TOASTER_CLASS =
  'pointer-events-none fixed inset-x-0 bottom-[var(--cookie-banner-height,0px)] z-[60] flex flex-col items-center gap-2 p-4 sm:items-end';

export function toastClass(variant: ToastInput['variant']) {
  return cn(
    'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
    variant === 'destructive'
      ? 'border-red-300 bg-red-700 text-white'
      : variant === 'success'
        ? 'border-green-300 bg-green-50 text-green-900'
        : 'border-slate-200 bg-white text-slate-900',
  );
}

/** What the live regions read out for the toasts shown (polite, or assertive for destructive ones). */
export const toastSpeech = (list: Toast[], assertive: boolean) =>
  list
    .filter((t) => (t.variant === 'destructive') === assertive)
    .map((t) => `${t.title}. ${t.description ?? ''}`);
