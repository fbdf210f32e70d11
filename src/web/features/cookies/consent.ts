/**
 * Cookie consent (SPEC §2.10, §3), kept in localStorage: { essential: true, functional, analytics,
 * consentDate } plus a separate analytics flag (stored.ts). Other code follows it through readConsent(),
 * hasAnalyticsConsent() and the window event 'consent-changed' (detail: the new CookieConsent), which also
 * fires when another tab changes the choice.
 */
import { useSyncExternalStore } from 'react';
import { type CookieConsent, PREFERENCE_KEYS } from '../../../shared/preferences.ts';
import { createOpenSignal } from '../../lib/open-signal.ts';
import { dispatchConsentChanged, hasAnalyticsConsent, readConsent, storeConsent } from './stored.ts';

export type { CookieConsent };
export { hasAnalyticsConsent, readConsent };

let snapshot: CookieConsent | null = typeof window === 'undefined' ? null : readConsent();
const listeners = new Set<() => void>();

function changed(next: CookieConsent | null) {
  snapshot = next;
  for (const l of listeners) l();
  dispatchConsentChanged(next);
}

export function saveConsent(choice: { functional: boolean; analytics: boolean }): CookieConsent {
  const consent = storeConsent(choice);
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
