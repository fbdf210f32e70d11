/**
 * A modal dialog for the public pages' small scripts, behaving as the app's Radix dialogs do (ADR 034):
 * an overlay over the page, the page made inert (so Tab, a screen reader's cursor and clicks stay in the
 * dialog), the focus on the dialog's first control, Escape or a press on the overlay closes it, the page
 * does not scroll behind it, and closing calls onClose (which gives the focus back).
 */
import { returnFocus } from '../app/shell/focus.ts';
import {
  DIALOG_CENTRED,
  DIALOG_CLOSE,
  DIALOG_DESCRIPTION,
  DIALOG_HEADER,
  DIALOG_TITLE,
} from '../components/ui/dialog-class.ts';
import { h, icon, newId } from './dom.ts';

const TABBABLE =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[tabindex]:not([tabindex="-1"])';

export interface DialogParts {
  /** The element with role="dialog" (its classes place and size it). */
  content: HTMLElement;
  close: () => void;
}

/** Builds the title and description ids for content the caller fills, then shows it. */
export function openDialog(opts: {
  className: string;
  id?: string;
  title: HTMLElement;
  description?: HTMLElement;
  body: (close: () => void) => HTMLElement[];
  onClose: () => void;
}): DialogParts {
  const titleId = newId('dialog-title');
  opts.title.id = titleId;
  let describedBy: string | undefined;
  if (opts.description) {
    describedBy = newId('dialog-description');
    opts.description.id = describedBy;
  }
  const overlay = h('div', { class: 'fixed inset-0 z-50 bg-black/50', 'data-state': 'open' });
  const content = h('div', {
    role: 'dialog',
    id: opts.id,
    'aria-modal': 'true',
    'aria-labelledby': titleId,
    'aria-describedby': describedBy,
    'data-state': 'open',
    tabindex: '-1',
    class: opts.className,
  });
  const root = document.getElementById('root');
  const overflow = document.body.style.overflow;
  let open = true;
  const close = () => {
    if (!open) return;
    open = false;
    overlay.remove();
    content.remove();
    document.removeEventListener('keydown', onKey, true);
    root?.removeAttribute('inert');
    document.body.style.overflow = overflow;
    opts.onClose();
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
    } else if (event.key === 'Tab') {
      // Keep Tab and Shift+Tab inside the dialog, wrapping at either end.
      const items = [...content.querySelectorAll<HTMLElement>(TABBABLE)].filter(
        (el) => el.getClientRects().length > 0,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !content.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !content.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
  };
  content.append(...opts.body(close));
  overlay.addEventListener('pointerdown', close);
  document.addEventListener('keydown', onKey, true);
  root?.setAttribute('inert', '');
  document.body.style.overflow = 'hidden';
  document.body.append(overlay, content);
  (content.querySelector<HTMLElement>(TABBABLE) ?? content).focus();
  return { content, close };
}

/**
 * A centred dialog (accessibility settings, cookie preferences) with the app's header: title, description
 * and a Close button; closing gives the focus back to `returnTo` (or the main content).
 */
export function openCentredDialog(opts: {
  title: string;
  description: string;
  returnTo: Element | null;
  onClose: () => void;
  body: (close: () => void) => HTMLElement[];
}): DialogParts {
  const title = h('h2', { class: DIALOG_TITLE }, opts.title);
  const description = h('p', { class: DIALOG_DESCRIPTION }, opts.description);
  return openDialog({
    className: DIALOG_CENTRED,
    title,
    description,
    onClose: () => {
      opts.onClose();
      returnFocus(opts.returnTo);
    },
    body: (close) => [
      h(
        'div',
        { class: DIALOG_HEADER },
        h('div', {}, title, description),
        h(
          'button',
          { type: 'button', class: DIALOG_CLOSE, 'aria-label': 'Close', onclick: close },
          icon('x', 'h-5 w-5'),
        ),
      ),
      ...opts.body(close),
    ],
  });
}
