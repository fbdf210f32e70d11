/** Replaced by the app-wide features work. */
export function useAnalytics() {}
