/**
 * The one place analytics reads consent from. The cookie banner (features/cookies) owns the stored choice:
 * localStorage 'sq.cookieConsent' (JSON { essential, functional, analytics, consentDate }) plus the
 * separate flag 'sq.analyticsConsent' = 'true' | 'false', and the window event 'consent-changed'.
 */
import { APP_EVENTS } from '../../../shared/preferences.ts';
import { hasAnalyticsConsent } from '../cookies/stored.ts';

/** True only when both the consent record and the separate analytics flag say yes. */
export function analyticsAllowed(): boolean {
  return hasAnalyticsConsent();
}

/** Calls back whenever the choice may have changed (this tab's banner, or another tab's). */
export function onAnalyticsConsentChange(callback: () => void): () => void {
  const onStorage = (e: StorageEvent) => {
    if (e.key === null || e.key.startsWith('sq.')) callback();
  };
  window.addEventListener(APP_EVENTS.consentChanged, callback);
  window.addEventListener('storage', onStorage);
  return () => {
    window.removeEventListener(APP_EVENTS.consentChanged, callback);
    window.removeEventListener('storage', onStorage);
  };
}
