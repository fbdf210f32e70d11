/** Replaced by the app-wide features work. */
export function AccessibilityMenu() {
  return null;
}
