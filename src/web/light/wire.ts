/**
 * Wires a server-rendered public page for a guest (static-page.ts, ADR 034): what the app's shell does on
 * such a page, without React. Buttons that open something carry data-opens (Header.tsx, Footer.tsx, the
 * cookie policy), so one listener serves them all. When done, the page is marked as the app marks it
 * once hydrated (no data-prerendered on #root, data-overlays="ready" on <html>).
 */
import { listenForShortcuts, openAccessibilityPanel } from './accessibility-panel.ts';
import { startAnalytics } from './analytics.ts';
import { startConnectionBanner } from './connection-banner.ts';
import { openCookiePreferences, scheduleCookieBanner } from './cookie-banner.ts';
import { openMobileMenu } from './mobile-menu.ts';
import { startToasts } from './toasts.ts';

/** --header-height on <html>, as Header.tsx publishes it (the style sheet keeps focus clear of the header). */
function publishHeaderHeight() {
  const header = document.querySelector<HTMLElement>('header');
  if (!header) return;
  const publish = () =>
    document.documentElement.style.setProperty('--header-height', `${header.offsetHeight}px`);
  publish();
  if (typeof ResizeObserver !== 'undefined') new ResizeObserver(publish).observe(header);
}

export function wirePage() {
  publishHeaderHeight();
  document.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target.closest('[data-opens]') : null;
    if (!(target instanceof HTMLButtonElement)) return;
    const opens = target.dataset.opens;
    if (opens === 'menu') openMobileMenu(target);
    else if (opens === 'accessibility-settings') openAccessibilityPanel(target);
    else if (opens === 'cookie-preferences') openCookiePreferences(target);
  });
  listenForShortcuts();
  scheduleCookieBanner();
  startToasts();
  startConnectionBanner();
  startAnalytics();
  document.getElementById('root')?.removeAttribute('data-prerendered');
  document.documentElement.dataset.overlays = 'ready';
}
