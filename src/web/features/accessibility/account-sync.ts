/**
 * The accessibility settings follow the account across browsers (issue 12). After sign-in the browser
 * applies the account's saved settings; an account that never saved any adopts this browser's, if they were changed from the defaults. Every change
 * made while signed in is saved to the account (PUT /api/me/accessibility). Guests keep localStorage only.
 * Loaded by AuthProvider only once a real account is signed in, so a guest never downloads it.
 */
import { ACCESSIBILITY_DEFAULTS, type AccessibilitySettings } from '../../../shared/preferences.ts';
import { api } from '../../lib/api.ts';
import {
  applyAccountAccessibilitySettings,
  getAccessibilitySettings,
  onUserChangedAccessibilitySettings,
} from './settings.ts';

const SAVE_DELAY_MS = 400;

/** Untouched settings are not a choice: they are not saved over another browser's later choice. */
function isDefault(s: AccessibilitySettings) {
  return (Object.keys(ACCESSIBILITY_DEFAULTS) as (keyof AccessibilitySettings)[]).every(
    (k) => s[k] === ACCESSIBILITY_DEFAULTS[k],
  );
}

function save(settings: AccessibilitySettings) {
  return api('/api/me/accessibility', { method: 'PUT', body: settings }).catch(() => {
    // Kept in this browser anyway; the next change or sign-in saves it again.
  });
}

/** Starts following the signed-in account; returns the function that stops (on sign-out). */
export function followAccount(): () => void {
  let stopped = false;
  let changedHere = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let unsaved: AccessibilitySettings | null = null;
  const unsubscribe = onUserChangedAccessibilitySettings((settings) => {
    changedHere = true;
    unsaved = settings;
    clearTimeout(timer);
    // A run of clicks on the text size saves once.
    timer = setTimeout(() => {
      unsaved = null;
      void save(settings);
    }, SAVE_DELAY_MS);
  });
  // A change made just before the tab closes is still saved: keepalive lets the request outlive the page.
  const flush = () => {
    if (!unsaved) return;
    clearTimeout(timer);
    void fetch('/api/me/accessibility', {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(unsaved),
      credentials: 'same-origin',
      keepalive: true,
    }).catch(() => undefined);
    unsaved = null;
  };
  window.addEventListener('pagehide', flush);
  void api<{ settings: AccessibilitySettings | null }>('/api/me/accessibility')
    .then(({ settings }) => {
      if (stopped || changedHere) return;
      if (settings) applyAccountAccessibilitySettings(settings);
      else if (!isDefault(getAccessibilitySettings())) void save(getAccessibilitySettings());
    })
    .catch(() => {
      // Offline or the server is busy: this browser's settings stay in force.
    });
  return () => {
    stopped = true;
    clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
}
