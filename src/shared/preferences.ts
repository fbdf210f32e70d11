/**
 * What the browser keeps for the app-wide client features (SPEC §3, §8 Network, §9): the accessibility
 * settings, the cookie consent and the connection banner's messages. Pure data and parsers, so the web app,
 * the settings page and unit tests share one definition.
 */

/** SPEC §3 Accessibility settings; §9 defaults. */
export interface AccessibilitySettings {
  highContrast: boolean;
  reducedMotion: boolean;
  screenReaderEnabled: boolean;
  fontSizeMultiplier: number;
  keyboardNavigationEnabled: boolean;
  focusIndicatorsVisible: boolean;
}

/** SPEC §9: font multiplier 0.8 to 1.5 in steps of 0.1, default 1. */
export const FONT_SIZE = { min: 0.8, max: 1.5, step: 0.1, default: 1 } as const;

export const ACCESSIBILITY_DEFAULTS: Readonly<AccessibilitySettings> = Object.freeze({
  highContrast: false,
  reducedMotion: false,
  screenReaderEnabled: true,
  fontSizeMultiplier: FONT_SIZE.default,
  keyboardNavigationEnabled: true,
  focusIndicatorsVisible: true,
});

/** Clamps to the allowed range and snaps to the 0.1 grid (so 1 + 0.1 + 0.1 is exactly 1.2). */
export function clampFontSize(value: number): number {
  if (!Number.isFinite(value)) return FONT_SIZE.default;
  const snapped = Math.round(value / FONT_SIZE.step) * FONT_SIZE.step;
  return Math.round(Math.min(FONT_SIZE.max, Math.max(FONT_SIZE.min, snapped)) * 10) / 10;
}

/** Reads stored settings leniently: unknown or malformed fields fall back to the defaults. */
export function parseAccessibilitySettings(raw: unknown): AccessibilitySettings {
  const out: AccessibilitySettings = { ...ACCESSIBILITY_DEFAULTS };
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  for (const key of [
    'highContrast',
    'reducedMotion',
    'screenReaderEnabled',
    'keyboardNavigationEnabled',
    'focusIndicatorsVisible',
  ] as const) {
    if (typeof r[key] === 'boolean') out[key] = r[key];
  }
  if (typeof r.fontSizeMultiplier === 'number') out.fontSizeMultiplier = clampFontSize(r.fontSizeMultiplier);
  return out;
}

/**
 * How the settings show on <html>: its font-size (null = the browser's) and the data attributes the
 * style sheet keys on. Used by the browser to apply the settings and by the server to send each page with
 * the defaults already in place, so the first paint is never restyled when the app starts.
 */
export function accessibilityHtml(s: AccessibilitySettings): {
  fontSize: string | null;
  attributes: Record<
    'data-contrast' | 'data-reduced-motion' | 'data-focus-indicators' | 'data-keyboard-nav',
    string | null
  >;
} {
  const size = clampFontSize(s.fontSizeMultiplier);
  return {
    fontSize: size === 1 ? null : `${Math.round(size * 100)}%`,
    attributes: {
      'data-contrast': s.highContrast ? 'high' : null,
      'data-reduced-motion': s.reducedMotion ? 'on' : null,
      'data-focus-indicators': s.focusIndicatorsVisible ? 'strong' : null,
      'data-keyboard-nav': s.keyboardNavigationEnabled ? 'on' : null,
    },
  };
}

/** SPEC §3 Cookie consent: essential is always true; consentDate is an ISO timestamp. */
export interface CookieConsent {
  essential: true;
  functional: boolean;
  analytics: boolean;
  consentDate: string;
}

export function parseCookieConsent(raw: unknown): CookieConsent | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  if (typeof r.analytics !== 'boolean' || typeof r.functional !== 'boolean') return null;
  if (typeof r.consentDate !== 'string' || Number.isNaN(Date.parse(r.consentDate))) return null;
  return { essential: true, functional: r.functional, analytics: r.analytics, consentDate: r.consentDate };
}

/** localStorage keys. The analytics flag is kept separately as 'true' / 'false' (SPEC §3). */
export const PREFERENCE_KEYS = {
  accessibility: 'sq.accessibility',
  cookieConsent: 'sq.cookieConsent',
  analyticsConsent: 'sq.analyticsConsent',
} as const;

/** Window events other code listens to. */
export const APP_EVENTS = {
  /** Fired with the new CookieConsent as detail whenever the choice changes (also from another tab). */
  consentChanged: 'consent-changed',
  /** Fired when the connection comes back, so queued work can be sent (SPEC §4 Connection). */
  processOfflineQueue: 'process-offline-queue',
} as const;

/** The connection check's request timeout: a health check that takes longer counts as a failure. */
export const HEALTH_CHECK_TIMEOUT_MS = 5_000;

/** SPEC §8 Network: banner messages and toasts, verbatim. */
export const NETWORK_MESSAGES = {
  browserOffline: "You're offline. Some features may be unavailable.",
  apiUnavailable: 'You are offline. API services are unavailable.',
  networkUnavailable: 'Network connection unavailable. Check your internet connection.',
  connectionError: 'Connection error. Please try again.',
  restored: 'Connection restored. Pending operations have been processed.',
  toasts: {
    connected: 'Network Connected',
    disconnected: 'Network Disconnected',
    disconnectedDescription: 'Your device is offline. Some features may be unavailable.',
    restored: 'Connection Restored',
    networkError: 'Network Error',
    connectionError: 'Connection Error',
  },
} as const;
