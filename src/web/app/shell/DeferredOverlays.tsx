/** The overlays loaded after the page (see Overlays.tsx): accessibility panel, cookie banner, Log Issue dialog, analytics. */
import { useEffect } from 'react';
import { AccessibilityMenu } from '../../features/accessibility/AccessibilityMenu.tsx';
import { useAnalytics } from '../../features/analytics/useAnalytics.ts';
import { CookieBanner } from '../../features/cookies/CookieBanner.tsx';
import { IssueButton } from '../../features/issues/IssueButton.tsx';

export default function DeferredOverlays() {
  useAnalytics();
  // Marks <html> once this chunk is in (the panels listen, analytics counts page views): the buttons that
  // open the panels are in the header from the first paint, so their presence no longer says so.
  useEffect(() => {
    document.documentElement.dataset.overlays = 'ready';
  }, []);
  return (
    <>
      <AccessibilityMenu />
      <CookieBanner />
      <IssueButton />
    </>
  );
}
