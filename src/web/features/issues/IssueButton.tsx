/** Replaced by the app-wide features work. */
export function IssueButton() {
  return null;
}
