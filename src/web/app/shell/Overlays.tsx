/**
 * The overlays of SPEC §2.1 on every screen: connection banner, accessibility menu, cookie banner, the Log
 * Issue button (signed-in only); plus consent-gated first-party analytics.
 */
import { AccessibilityMenu } from '../../features/accessibility/AccessibilityMenu.tsx';
import { useAnalytics } from '../../features/analytics/useAnalytics.ts';
import { ConnectionBanner } from '../../features/connection/ConnectionBanner.tsx';
import { CookieBanner } from '../../features/cookies/CookieBanner.tsx';
import { IssueButton } from '../../features/issues/IssueButton.tsx';

export function Overlays() {
  useAnalytics();
  return (
    <>
      <ConnectionBanner />
      <AccessibilityMenu />
      <CookieBanner />
      <IssueButton />
    </>
  );
}
