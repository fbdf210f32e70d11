/** The overlays loaded after the page (see Overlays.tsx): accessibility panel, cookie banner, Log Issue dialog, analytics. */
import { AccessibilityMenu } from '../../features/accessibility/AccessibilityMenu.tsx';
import { useAnalytics } from '../../features/analytics/useAnalytics.ts';
import { CookieBanner } from '../../features/cookies/CookieBanner.tsx';
import { IssueButton } from '../../features/issues/IssueButton.tsx';

export default function DeferredOverlays() {
  useAnalytics();
  return (
    <>
      <AccessibilityMenu />
      <CookieBanner />
      <IssueButton />
    </>
  );
}
