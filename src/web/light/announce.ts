/**
 * announce() for the public pages: the same polite live region the app speaks through (LiveRegion.tsx,
 * rendered by the server into the page), the same rule (silent while the visitor turned announcements off).
 */
import { loadAccessibilitySettings } from '../features/accessibility/stored.ts';

let pending: ReturnType<typeof setTimeout> | undefined;

export function announce(text: string) {
  const region = document.querySelector('[data-testid="a11y-live-region"]');
  if (!region || !text || !loadAccessibilitySettings().screenReaderEnabled) return;
  // Clearing first makes a repeated identical message be read again (as settings.ts does).
  region.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => {
    region.textContent = text;
  }, 50);
}
