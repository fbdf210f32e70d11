/**
 * The stored accessibility settings and how they are put on <html>, without React: the entry script
 * (main.tsx) applies them before the app's code is even fetched, so a saved larger font or high contrast
 * is there from the first paint instead of restyling the page when the app starts.
 */
import {
  ACCESSIBILITY_DEFAULTS,
  type AccessibilitySettings,
  accessibilityHtml,
  PREFERENCE_KEYS,
  parseAccessibilitySettings,
} from '../../../shared/preferences.ts';

export function loadAccessibilitySettings(): AccessibilitySettings {
  try {
    const raw = localStorage.getItem(PREFERENCE_KEYS.accessibility);
    return parseAccessibilitySettings(raw ? JSON.parse(raw) : null);
  } catch {
    return { ...ACCESSIBILITY_DEFAULTS };
  }
}

/** Puts the settings on the document element, touching only what differs (no needless restyle). */
export function applyAccessibilitySettings(s: AccessibilitySettings, root = document.documentElement) {
  const { fontSize, attributes } = accessibilityHtml(s);
  if (fontSize === null) root.style.removeProperty('font-size');
  else if (root.style.fontSize !== fontSize) root.style.fontSize = fontSize;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null) root.removeAttribute(name);
    else if (root.getAttribute(name) !== value) root.setAttribute(name, value);
  }
}

/** Keeps the settings in this browser (what loadAccessibilitySettings reads back, in every tab). */
export function saveAccessibilitySettings(s: AccessibilitySettings) {
  try {
    localStorage.setItem(PREFERENCE_KEYS.accessibility, JSON.stringify(s));
  } catch {
    // Storage may be full or blocked: the settings still apply for this page.
  }
}
