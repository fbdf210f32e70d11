/**
 * The overlays of SPEC §2.1 on every screen: connection banner, accessibility panel, cookie banner, the Log
 * Issue dialog (signed-in only); plus consent-gated first-party analytics. Their buttons are in the header,
 * the Menu and the footer (nothing floats over the page, issue 12).
 *
 * Only the connection banner and the live region are in the entry chunk. The rest (dialogs, tabs, form
 * validation, the analytics tracker) is a separate chunk fetched once the page has painted and the browser
 * is idle, so a guest's first paint never waits for it (issue 5: public pages fast on a phone).
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { LiveRegion } from '../../features/accessibility/LiveRegion.tsx';
import { ConnectionBanner } from '../../features/connection/ConnectionBanner.tsx';

const DeferredOverlays = lazy(() => import('./DeferredOverlays.tsx'));

/** True once the page has loaded and the browser has a quiet moment (at most 2 s after load). */
function useAfterLoad() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let idle: number | undefined;
    const whenIdle = () => {
      idle =
        typeof requestIdleCallback === 'function'
          ? requestIdleCallback(() => setReady(true), { timeout: 2000 })
          : window.setTimeout(() => setReady(true), 200);
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      window.removeEventListener('load', whenIdle);
      if (idle === undefined) return;
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(idle);
      else clearTimeout(idle);
    };
  }, []);
  return ready;
}

export function Overlays() {
  const ready = useAfterLoad();
  return (
    <>
      <ConnectionBanner />
      <LiveRegion />
      {ready && (
        <Suspense fallback={null}>
          <DeferredOverlays />
        </Suspense>
      )}
    </>
  );
}
