/**
 * Where the keyboard focus goes when an overlay closes or the page changes (issue 12, WCAG 2.4.3): never
 * lost to the page body. Also the signal that opens the Log Issue dialog from the footer or the phone menu
 * (the dialog's code arrives later with the deferred overlays, see Overlays.tsx).
 */
import { createOpenSignal } from '../../lib/open-signal.ts';

/** The shell's slot right after the skip link: the cookie banner is placed there, first in the Tab order. */
export const EARLY_OVERLAYS_ID = 'early-overlays';

/** The page's main landmark, focusable by script (tabIndex -1). */
export function mainContent(): HTMLElement | null {
  return document.getElementById('main-content');
}

function isFocusable(el: Element | null): el is HTMLElement {
  return (
    el instanceof HTMLElement &&
    el.isConnected &&
    el !== document.body &&
    !el.closest('[inert],[aria-hidden="true"]') &&
    el.getClientRects().length > 0
  );
}

/**
 * Gives the focus back to `target` when it is still on the page and visible (the control that opened an
 * overlay), else to the main content without scrolling.
 */
export function returnFocus(target: Element | null | undefined) {
  if (target && isFocusable(target)) {
    target.focus();
    return;
  }
  mainContent()?.focus({ preventScroll: true });
}

/** The element focused now, to give the focus back to later. */
export function currentFocus(): HTMLElement | null {
  const el = document.activeElement;
  return el instanceof HTMLElement && el !== document.body ? el : null;
}

const issueSignal = createOpenSignal();
let issueReturnTarget: HTMLElement | null = null;

/** Opens the 'Report an Issue' dialog; the focus goes back to `returnTo` (default: the focused control). */
export function openIssueReport(returnTo?: HTMLElement | null) {
  issueReturnTarget = returnTo ?? currentFocus();
  issueSignal.open();
}

export function onOpenIssueReport(handler: (returnTo: HTMLElement | null) => void) {
  return issueSignal.subscribe(() => handler(issueReturnTarget));
}
