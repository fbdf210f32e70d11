/** Replaced by the app-wide features work. */
export function ConnectionBanner() {
  return null;
}
