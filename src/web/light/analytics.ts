/**
 * Consent-gated analytics on the public pages (ADR 034): what useAnalytics does in the app, for one page
 * view: the same tracker, started while analytics consent is given, stopped (and emptied) when withdrawn.
 * The tracker (with the analytics schemas, a third of this page's script) is fetched only once consent
 * is given, as the app fetches it with its deferred overlays.
 */
import { analyticsAllowed, onAnalyticsConsentChange } from '../features/analytics/consent.ts';
import type { AnalyticsTracker } from '../features/analytics/tracker.ts';

export function startAnalytics() {
  let tracker: Promise<AnalyticsTracker> | null = null;
  const sync = () => {
    if (analyticsAllowed()) {
      if (tracker) return;
      tracker = import('../features/analytics/tracker.ts').then(({ AnalyticsTracker }) => {
        const t = new AnalyticsTracker({ allowed: analyticsAllowed });
        t.start();
        t.pageView(window.location.pathname);
        return t;
      });
    } else if (tracker) {
      const stopping = tracker;
      tracker = null;
      void stopping.then((t) => t.stop(true));
    }
  };
  sync();
  onAnalyticsConsentChange(sync);
}
