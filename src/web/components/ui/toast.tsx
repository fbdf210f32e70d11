/**
 * Toasts (SPEC §9): one visible at a time, 5 s by default (10 s for critical), can be added, updated and
 * dismissed (toast-store.ts). Announced through a polite live region (assertive for destructive ones).
 */
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useSyncExternalStore } from 'react';
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  TOASTER_CLASS,
  type Toast,
  toastClass,
  toastDuration,
  toastSpeech,
} from './toast-store.ts';

export { dismissToast, type ToastInput, toast } from './toast-store.ts';

export function Toaster() {
  const list = useSyncExternalStore(subscribeToasts, getToasts, getToasts);
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
    <section ref={ref} aria-label="Notifications" className={TOASTER_CLASS}>
      <div aria-live="polite" className="sr-only">
        {toastSpeech(list, false)}
      </div>
      <div aria-live="assertive" className="sr-only">
        {toastSpeech(list, true)}
      </div>
      {list.map((t) => (
        <ToastView key={t.id} toast={t} />
      ))}
    </section>
  );
}

function ToastView({ toast: t }: { toast: Toast }) {
  const duration = toastDuration(t);
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(t.id), duration);
    return () => clearTimeout(timer);
  }, [t.id, duration]);
  return (
    <div data-testid="toast" className={toastClass(t.variant)}>
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
