/**
 * The accessibility settings (SPEC §2.9, §3, §9): kept in localStorage, applied to <html> by the entry
 * script before the app loads (stored.ts), when this module loads, and again on every change, in this tab
 * and in others. Once signed in they also follow the account (account-sync.ts); for guests localStorage is
 * the only store.
 *
 * What each setting changes (CSS in styles.css):
 * - fontSizeMultiplier: the root font-size (every rem-based size scales with it).
 * - highContrast: html[data-contrast="high"]: black on white, underlined links, black borders, yellow-and-black focus.
 * - reducedMotion: html[data-reduced-motion="on"]: no animations, transitions or smooth scrolling anywhere.
 * - focusIndicatorsVisible: html[data-focus-indicators="strong"]: the focus ring also shows after a mouse
 *   click or a programmatic focus. When off, the ring shows for keyboard focus only (:focus-visible is never
 *   hidden, so keyboard users always see where they are).
 * - keyboardNavigationEnabled: the keyboard shortcuts (Alt+Shift+A opens these settings, Alt+Shift+M moves
 *   to the main content). Tab, Shift+Tab, Enter, Space and Escape always work.
 * - screenReaderEnabled: whether announce() speaks through the polite live region.
 */
import { useSyncExternalStore } from 'react';
import {
  ACCESSIBILITY_DEFAULTS,
  type AccessibilitySettings,
  PREFERENCE_KEYS,
  parseAccessibilitySettings,
} from '../../../shared/preferences.ts';
import { createOpenSignal } from '../../lib/open-signal.ts';
import {
  applyAccessibilitySettings,
  loadAccessibilitySettings as load,
  saveAccessibilitySettings,
} from './stored.ts';

export { applyAccessibilitySettings };

let current: AccessibilitySettings = typeof window === 'undefined' ? { ...ACCESSIBILITY_DEFAULTS } : load();
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

if (typeof document !== 'undefined') {
  applyAccessibilitySettings(current);
  window.addEventListener('storage', (e) => {
    if (e.key !== PREFERENCE_KEYS.accessibility && e.key !== null) return;
    current = load();
    applyAccessibilitySettings(current);
    emit();
  });
}

export function getAccessibilitySettings(): AccessibilitySettings {
  return current;
}

function keep(next: AccessibilitySettings) {
  current = next;
  applyAccessibilitySettings(current);
  saveAccessibilitySettings(current);
  emit();
}

/** Told of every change the user makes in this tab (account-sync.ts saves them to the account). */
const userChangeListeners = new Set<(s: AccessibilitySettings) => void>();

export function onUserChangedAccessibilitySettings(listener: (s: AccessibilitySettings) => void) {
  userChangeListeners.add(listener);
  return () => {
    userChangeListeners.delete(listener);
  };
}

/** Changes, applies and keeps the settings at once. */
export function updateAccessibilitySettings(patch: Partial<AccessibilitySettings>) {
  keep(parseAccessibilitySettings({ ...current, ...patch }));
  for (const l of userChangeListeners) l(current);
}

/** Applies the settings saved in the signed-in account (kept in this browser too, not saved back). */
export function applyAccountAccessibilitySettings(settings: unknown) {
  keep(parseAccessibilitySettings(settings));
}

export function resetAccessibilitySettings() {
  updateAccessibilitySettings({ ...ACCESSIBILITY_DEFAULTS });
}

function subscribe(l: () => void) {
  listeners.add(l);
  return () => {
    listeners.delete(l);
  };
}

export function useAccessibilitySettings(): AccessibilitySettings {
  return useSyncExternalStore(subscribe, getAccessibilitySettings, getAccessibilitySettings);
}

// --- Announcements through one polite live region (rendered by AccessibilityMenu as <LiveRegion />). ---

let message = '';
const messageListeners = new Set<() => void>();
let pending: ReturnType<typeof setTimeout> | undefined;

function setMessage(next: string) {
  message = next;
  for (const l of messageListeners) l();
}

/**
 * Speaks a short message to screen readers through the app's polite live region, unless the user turned
 * screen reader announcements off. Safe to call from anywhere, also outside React.
 */
export function announce(text: string) {
  if (!current.screenReaderEnabled || !text) return;
  // Clearing first makes a repeated identical message be read again.
  setMessage('');
  clearTimeout(pending);
  pending = setTimeout(() => setMessage(text), 50);
}

export function useAnnouncement(): string {
  return useSyncExternalStore(
    (l) => {
      messageListeners.add(l);
      return () => {
        messageListeners.delete(l);
      };
    },
    () => message,
    () => message,
  );
}

// --- Opening the panel from elsewhere (e.g. the /settings page or the keyboard shortcut). ---

const openSignal = createOpenSignal();
let returnTarget: HTMLElement | null = null;

/**
 * Opens the panel. When it closes the focus goes back to `returnTo` (default: the control focused now),
 * or to the main content if that control is gone (issue 12).
 */
export function openAccessibilitySettings(returnTo?: HTMLElement | null) {
  const focused = document.activeElement;
  returnTarget = returnTo ?? (focused instanceof HTMLElement && focused !== document.body ? focused : null);
  openSignal.open();
}

export function onOpenAccessibilitySettings(handler: (returnTo: HTMLElement | null) => void) {
  return openSignal.subscribe(() => handler(returnTarget));
}
