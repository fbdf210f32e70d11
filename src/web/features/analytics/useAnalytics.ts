/**
 * Consent-gated first-party analytics for the whole app (rendered once by the shell's Overlays): starts
 * the tracker when analytics consent is given, stops it and drops what it holds when consent is withdrawn,
 * records a page view on every route change and keeps the signed-in user's id on what it sends.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { useAuth } from '../auth/AuthProvider.tsx';
import { analyticsAllowed, onAnalyticsConsentChange } from './consent.ts';
import { AnalyticsTracker } from './tracker.ts';

let active: AnalyticsTracker | null = null;

/** Records an app event (e.g. a search) when analytics is running; does nothing otherwise. */
export function trackEvent(name: string, properties: Record<string, unknown> = {}) {
  active?.track(name, properties);
}

export function useAnalytics() {
  const { pathname } = useLocation();
  const { user } = useAuth();
  const [allowed, setAllowed] = useState(analyticsAllowed);
  const [tracker, setTracker] = useState<AnalyticsTracker | null>(null);

  useEffect(() => onAnalyticsConsentChange(() => setAllowed(analyticsAllowed())), []);

  useEffect(() => {
    if (!allowed) return;
    const t = new AnalyticsTracker({ allowed: analyticsAllowed });
    t.start();
    active = t;
    setTracker(t);
    return () => {
      // Withdrawn consent drops everything; an unmount with consent still sends what was collected.
      t.stop(!analyticsAllowed());
      if (active === t) active = null;
      setTracker(null);
    };
  }, [allowed]);

  // Test sessions live only in the browser; their ids mean nothing to the API.
  const userId = user && !user.isTest ? user.id : null;
  useEffect(() => {
    tracker?.setUser(userId);
  }, [tracker, userId]);

  useEffect(() => {
    tracker?.pageView(pathname);
  }, [tracker, pathname]);
}
