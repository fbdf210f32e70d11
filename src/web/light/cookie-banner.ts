/**
 * The cookie banner and 'Cookie Preferences' on the public pages (ADR 034): the app's (CookieBanner.tsx,
 * SPEC §2.10) without React, from the same texts and classes, keeping the same stored choice
 * (features/cookies/stored.ts). Shown 1 s after the page has loaded while there is no choice; placed in the
 * shell's early-overlays slot after the skip link, so Tab reaches it first (issue 32); publishes its
 * height as --cookie-banner-height while it shows.
 */
import { COOKIE_BANNER_DELAY_MS } from '../../shared/constants.ts';
import { currentFocus, EARLY_OVERLAYS_ID, returnFocus } from '../app/shell/focus.ts';
import { buttonClass } from '../components/ui/button-class.ts';
import { COOKIE_BANNER_CLASS, COOKIE_TEXT } from '../features/cookies/cookie-text.ts';
import { dispatchConsentChanged, readConsent, storeConsent } from '../features/cookies/stored.ts';
import { announce } from './announce.ts';
import { openCentredDialog } from './dialog.ts';
import { h } from './dom.ts';
import { switchRow } from './switch-row.ts';

type Choice = { functional: boolean; analytics: boolean };

let banner: HTMLElement | null = null;
let observer: ResizeObserver | null = null;

function removeBanner() {
  observer?.disconnect();
  banner?.remove();
  banner = null;
  const root = document.documentElement;
  root.removeAttribute('data-cookie-banner');
  root.style.removeProperty('--cookie-banner-height');
}

function choose(choice: Choice, message: string) {
  const fromBanner = Boolean(document.activeElement?.closest('[data-cookie-banner-region]'));
  dispatchConsentChanged(storeConsent(choice));
  removeBanner();
  announce(message);
  // The banner's buttons are gone with it: continue from the main content instead of the page body.
  if (fromBanner) returnFocus(null);
}

function showBanner() {
  if (banner || readConsent()) return;
  const customize = () => openCookiePreferences(currentFocus());
  banner = h(
    'section',
    {
      role: 'region',
      'aria-label': COOKIE_TEXT.bannerLabel,
      'data-cookie-banner-region': true,
      class: COOKIE_BANNER_CLASS.section,
    },
    h(
      'div',
      { class: COOKIE_BANNER_CLASS.inner },
      h(
        'p',
        { class: COOKIE_BANNER_CLASS.text },
        h('span', { class: 'md:hidden' }, COOKIE_TEXT.bannerShort),
        h('span', { class: 'hidden md:inline' }, COOKIE_TEXT.bannerLong),
        h('a', { href: '/cookie-policy', class: COOKIE_BANNER_CLASS.link }, COOKIE_TEXT.policyLink),
        h(
          'span',
          { class: 'md:hidden' },
          ' · ',
          h(
            'button',
            { type: 'button', class: COOKIE_BANNER_CLASS.link, onclick: customize },
            COOKIE_TEXT.customize,
          ),
        ),
      ),
      h(
        'div',
        { class: COOKIE_BANNER_CLASS.buttons },
        h(
          'button',
          { type: 'button', class: buttonClass('ghost', 'sm', 'max-md:hidden'), onclick: customize },
          COOKIE_TEXT.customize,
        ),
        h(
          'button',
          {
            type: 'button',
            class: buttonClass('secondary', 'sm', COOKIE_BANNER_CLASS.choice),
            onclick: () => choose({ functional: false, analytics: false }, COOKIE_TEXT.announceEssential),
          },
          COOKIE_TEXT.essentialOnly,
        ),
        h(
          'button',
          {
            type: 'button',
            class: buttonClass('primary', 'sm', COOKIE_BANNER_CLASS.choice),
            onclick: () => choose({ functional: true, analytics: true }, COOKIE_TEXT.announceAll),
          },
          COOKIE_TEXT.acceptAll,
        ),
      ),
    ),
  );
  const slot = document.getElementById(EARLY_OVERLAYS_ID);
  (slot ?? document.body).append(banner);
  const root = document.documentElement;
  const el = banner;
  const publish = () => root.style.setProperty('--cookie-banner-height', `${el.offsetHeight}px`);
  publish();
  root.setAttribute('data-cookie-banner', 'open');
  observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
  observer?.observe(el);
}

/** SPEC §2.10: the banner appears 1 s after the page has loaded, when no choice has been made. */
export function scheduleCookieBanner() {
  const due = () => setTimeout(showBanner, COOKIE_BANNER_DELAY_MS);
  if (document.readyState === 'complete') due();
  else window.addEventListener('load', due, { once: true });
}

let prefsOpen = false;

/** 'Cookie Preferences', starting from the saved choice; closing gives the focus back to `returnTo`. */
export function openCookiePreferences(returnTo: Element | null) {
  if (prefsOpen) return;
  prefsOpen = true;
  const saved = readConsent();
  const choice: Choice = { analytics: saved?.analytics ?? false, functional: saved?.functional ?? false };
  openCentredDialog({
    title: COOKIE_TEXT.prefsTitle,
    description: COOKIE_TEXT.prefsDescription,
    returnTo,
    onClose: () => {
      prefsOpen = false;
    },
    body: (close) => {
      const save = (next: Choice) => {
        close();
        choose(next, COOKIE_TEXT.announceSaved);
      };
      return [
        h(
          'div',
          { class: 'min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto px-4 py-2' },
          switchRow({ ...COOKIE_TEXT.essential, checked: true, disabled: true }),
          switchRow({
            ...COOKIE_TEXT.analytics,
            checked: choice.analytics,
            onChange: (on) => {
              choice.analytics = on;
            },
          }),
          switchRow({
            ...COOKIE_TEXT.functional,
            checked: choice.functional,
            onChange: (on) => {
              choice.functional = on;
            },
          }),
        ),
        h(
          'div',
          { class: 'flex flex-wrap justify-end gap-2 border-t border-slate-200 p-4' },
          h(
            'button',
            { type: 'button', class: buttonClass('secondary'), onclick: () => save({ ...choice }) },
            COOKIE_TEXT.savePreferences,
          ),
          h(
            'button',
            {
              type: 'button',
              class: buttonClass('primary'),
              onclick: () => save({ analytics: true, functional: true }),
            },
            COOKIE_TEXT.acceptAll,
          ),
        ),
      ];
    },
  });
}
