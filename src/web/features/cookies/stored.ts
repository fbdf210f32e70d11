/**
 * The cookie choice as kept in localStorage (SPEC §2.10, §3), without React: the app (consent.ts) and the
 * public pages' cookie banner (src/web/light/cookie-banner.ts) read and write the very same values.
 */
import {
  APP_EVENTS,
  type CookieConsent,
  PREFERENCE_KEYS,
  parseCookieConsent,
} from '../../../shared/preferences.ts';

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

/** Keeps a new choice and tells the page (the window event 'consent-changed', detail: the choice). */
export function storeConsent(choice: { functional: boolean; analytics: boolean }): CookieConsent {
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
  return consent;
}

export function dispatchConsentChanged(consent: CookieConsent | null) {
  window.dispatchEvent(new CustomEvent<CookieConsent | null>(APP_EVENTS.consentChanged, { detail: consent }));
}
