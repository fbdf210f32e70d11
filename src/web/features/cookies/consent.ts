/**
 * Cookie consent (SPEC §2.10, §3), kept in localStorage: { essential: true, functional, analytics,
 * consentDate } plus a separate analytics flag. Other code follows it through readConsent(),
 * hasAnalyticsConsent() and the window event 'consent-changed' (detail: the new CookieConsent), which also
 * fires when another tab changes the choice.
 */
import { useSyncExternalStore } from 'react';
import {
  APP_EVENTS,
  type CookieConsent,
  PREFERENCE_KEYS,
  parseCookieConsent,
} from '../../../shared/preferences.ts';
import { createOpenSignal } from '../../lib/open-signal.ts';

export type { CookieConsent };

/** The saved choice, or null when the visitor has not chosen yet. */
export function readConsent(): CookieConsent | null {
  try {
    const raw = localStorage.getItem(PREFERENCE_KEYS.cookieConsent);
    return raw ? parseCookieConsent(JSON.parse(raw)) : null;
  } catch {
    return null;
  }
}

/** True only when the visitor agreed to analytics (both the consent record and the separate flag say so). */
export function hasAnalyticsConsent(): boolean {
  try {
    return (
      localStorage.getItem(PREFERENCE_KEYS.analyticsConsent) === 'true' && readConsent()?.analytics === true
    );
  } catch {
    return false;
  }
}

let snapshot: CookieConsent | null = typeof window === 'undefined' ? null : readConsent();
const listeners = new Set<() => void>();

function changed(next: CookieConsent | null) {
  snapshot = next;
  for (const l of listeners) l();
  window.dispatchEvent(new CustomEvent<CookieConsent | null>(APP_EVENTS.consentChanged, { detail: next }));
}

export function saveConsent(choice: { functional: boolean; analytics: boolean }): CookieConsent {
  const consent: CookieConsent = {
    essential: true,
    functional: choice.functional,
    analytics: choice.analytics,
    consentDate: new Date().toISOString(),
  };
  try {
    localStorage.setItem(PREFERENCE_KEYS.cookieConsent, JSON.stringify(consent));
    localStorage.setItem(PREFERENCE_KEYS.analyticsConsent, String(consent.analytics));
  } catch {
    // Blocked storage: the choice holds for this page only.
  }
  changed(consent);
  return consent;
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (e) => {
    if (e.key === PREFERENCE_KEYS.cookieConsent || e.key === null) changed(readConsent());
  });
}

export function useConsent(): CookieConsent | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => {
        listeners.delete(l);
      };
    },
    () => snapshot,
    () => snapshot,
  );
}

// --- Opening 'Cookie Preferences' from elsewhere (e.g. the /settings page or a footer link). ---

const openSignal = createOpenSignal();

export function openCookiePreferences() {
  openSignal.open();
}

export function onOpenCookiePreferences(handler: () => void) {
  return openSignal.subscribe(handler);
}
