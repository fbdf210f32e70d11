/**
 * The toast area on the public pages (SPEC §9; ADR 034): the app's Toaster (toast.tsx) without React,
 * drawn into the same server-rendered section from the same store (toast-store.ts), with its live
 * regions, its dismiss button and its timer.
 */
import {
  dismissToast,
  getToasts,
  subscribeToasts,
  type Toast,
  toastClass,
  toastDuration,
  toastSpeech,
} from '../components/ui/toast-store.ts';
import { h, icon } from './dom.ts';

function toastView(t: Toast): HTMLElement {
  return h(
    'div',
    { 'data-testid': 'toast', class: toastClass(t.variant) },
    h(
      'div',
      { class: 'flex-1' },
      h('p', { class: 'font-semibold' }, t.title),
      t.description && h('p', { class: 'mt-1 text-sm' }, t.description),
    ),
    h(
      'button',
      {
        type: 'button',
        class: 'rounded p-1 hover:bg-black/10',
        'aria-label': 'Dismiss notification',
        onclick: () => dismissToast(t.id),
      },
      icon('x', 'h-4 w-4'),
    ),
  );
}

export function startToasts() {
  const area = document.querySelector<HTMLElement>('section[aria-label="Notifications"]');
  const [polite, assertive] = area ? [...area.querySelectorAll<HTMLElement>('[aria-live]')] : [];
  if (!area || !polite || !assertive) return;
  const timers = new Map<number, ReturnType<typeof setTimeout>>();
  const draw = () => {
    const list = getToasts();
    polite.textContent = toastSpeech(list, false).join('');
    assertive.textContent = toastSpeech(list, true).join('');
    for (const view of area.querySelectorAll('[data-testid="toast"]')) view.remove();
    area.append(...list.map(toastView));
    for (const t of list) {
      if (!timers.has(t.id))
        timers.set(
          t.id,
          setTimeout(() => dismissToast(t.id), toastDuration(t)),
        );
    }
    // While toasts show, the page keeps a focused control clear of them (as Toaster does).
    const root = document.documentElement;
    if (list.length > 0) root.style.setProperty('--toast-height', `${area.offsetHeight}px`);
    else root.style.removeProperty('--toast-height');
  };
  subscribeToasts(draw);
}
