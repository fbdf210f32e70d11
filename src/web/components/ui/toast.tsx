/**
 * Toasts (SPEC §9): one visible at a time, 5 s by default (10 s for critical), can be added, updated and
 * dismissed. Announced through a polite live region (assertive for destructive ones).
 */
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import { TOAST } from '../../../shared/constants.ts';
import { cn } from '../../lib/cn.ts';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
  critical?: boolean;
  duration?: number;
}
interface Toast extends ToastInput {
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

function subscribe(l: () => void) {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function Toaster() {
  const list = useSyncExternalStore(
    subscribe,
    () => toasts,
    () => toasts,
  );
  const ref = useRef<HTMLElement>(null);
  // While toasts show, their height is published as --toast-height: the page keeps a focused control
  // clear of them (scroll-padding-bottom in styles.css, issue 12).
  const showing = list.length > 0;
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el || !showing) return;
    const publish = () => root.style.setProperty('--toast-height', `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--toast-height');
    };
  }, [showing]);
  return (
    <section
      ref={ref}
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-[var(--cookie-banner-height,0px)] z-[60] flex flex-col items-center gap-2 p-4 sm:items-end"
    >
      <div aria-live="polite" className="sr-only">
        {list.filter((t) => t.variant !== 'destructive').map((t) => `${t.title}. ${t.description ?? ''}`)}
      </div>
      <div aria-live="assertive" className="sr-only">
        {list.filter((t) => t.variant === 'destructive').map((t) => `${t.title}. ${t.description ?? ''}`)}
      </div>
      {list.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastView({ toast: t }: { toast: Toast }) {
  const duration = t.duration ?? (t.critical ? TOAST.criticalMs : TOAST.defaultMs);
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(t.id), duration);
    return () => clearTimeout(timer);
  }, [t.id, duration]);
  return (
    <div
      data-testid="toast"
      className={cn(
        'pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 shadow-lg',
        t.variant === 'destructive'
          ? 'border-red-300 bg-red-700 text-white'
          : t.variant === 'success'
            ? 'border-green-300 bg-green-50 text-green-900'
            : 'border-slate-200 bg-white text-slate-900',
      )}
    >
      <div className="flex-1">
        <p className="font-semibold">{t.title}</p>
        {t.description && <p className="mt-1 text-sm">{t.description}</p>}
      </div>
      <button
        type="button"
        onClick={() => dismissToast(t.id)}
        className="rounded p-1 hover:bg-black/10"
        aria-label="Dismiss notification"
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </div>
  );
}
