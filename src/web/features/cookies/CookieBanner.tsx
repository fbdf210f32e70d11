/**
 * The cookie banner (SPEC §2.10): shown 1 s after the page has loaded while there is no saved choice, with
 * Customize, Essential Only, Accept All and a link to /cookie-policy. Customize opens 'Cookie Preferences'
 * (Essential locked on, Analytics, Functional; Save Preferences, Accept All). The banner is a labelled region,
 * not a dialog: it never traps focus. It is placed right after the skip link (a portal into the shell's
 * early-overlays slot), so Tab reaches it before the header and the page, not after the footer (issue 32). While it shows, its height is
 * published as --cookie-banner-height on <html> so the page can scroll clear of it, and focused controls
 * are kept above it (scroll-padding-bottom in styles.css). Compact on phones: one short sentence with
 * Customize in it and one row of two buttons. When it or its preferences close, the focus goes back to where it was, or to the main content,
 * never to the page body (issue 12).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { COOKIE_BANNER_DELAY_MS } from '../../../shared/constants.ts';
import { currentFocus, EARLY_OVERLAYS_ID, returnFocus } from '../../app/shell/focus.ts';
import { Button } from '../../components/ui/button.tsx';
import { SwitchRow } from '../accessibility/Switch.tsx';
import { announce } from '../accessibility/settings.ts';
import { onOpenCookiePreferences, readConsent, saveConsent, useConsent } from './consent.ts';

export function CookieBanner() {
  const consent = useConsent();
  const [delayPassed, setDelayPassed] = useState(false);
  const [prefsOpen, setPrefsOpen] = useState(false);
  // The control that opened the preferences, which gets the focus back when they close.
  const prefsReturn = useRef<Element | null>(null);
  const openPrefs = () => {
    prefsReturn.current = currentFocus();
    setPrefsOpen(true);
  };

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), msUntilBannerDue());
    return () => clearTimeout(timer);
  }, []);
  useEffect(
    () =>
      onOpenCookiePreferences(() => {
        prefsReturn.current = currentFocus();
        setPrefsOpen(true);
      }),
    [],
  );

  const choose = (choice: { functional: boolean; analytics: boolean }, message: string) => {
    const fromBanner = Boolean(document.activeElement?.closest('[data-cookie-banner-region]'));
    saveConsent(choice);
    setPrefsOpen(false);
    announce(message);
    // The banner's buttons are gone with it: continue from the main content instead of the page body.
    if (fromBanner) returnFocus(null);
  };

  return (
    <>
      {delayPassed && !consent && (
        <Banner
          onCustomize={openPrefs}
          onEssential={() =>
            choose({ functional: false, analytics: false }, 'Only essential cookies will be used.')
          }
          onAcceptAll={() => choose({ functional: true, analytics: true }, 'All cookies accepted.')}
        />
      )}
      <CookiePreferences
        open={prefsOpen}
        onOpenChange={(next) => (next ? openPrefs() : setPrefsOpen(false))}
        onCloseAutoFocus={() => returnFocus(prefsReturn.current)}
        onSave={(choice) => choose(choice, 'Cookie preferences saved.')}
      />
    </>
  );
}

/**
 * SPEC §2.10: the banner appears 1 s after the page has loaded. Counted from the page's load event, not
 * from when this component arrives (it comes with the overlays fetched once the page is idle).
 */
function msUntilBannerDue(): number {
  const navigation = performance.getEntriesByType?.('navigation')[0] as
    | PerformanceNavigationTiming
    | undefined;
  const loadedAt = navigation?.loadEventEnd || performance.now();
  return Math.max(0, loadedAt + COOKIE_BANNER_DELAY_MS - performance.now());
}

/** Wraps inside the button with large text rather than pushing the banner taller row by row. */
// Important (!): these override the button's own height and padding (cn does not merge, src/web/lib/cn.ts).
const BANNER_BUTTON = 'h-auto! min-h-9 whitespace-normal py-1.5!';

function Banner(props: { onCustomize: () => void; onEssential: () => void; onAcceptAll: () => void }) {
  const ref = useRef<HTMLElement>(null);
  // Publish the banner's height so the page (and the floating buttons) can stay clear of it.
  useLayoutEffect(() => {
    const el = ref.current;
    const root = document.documentElement;
    if (!el) return;
    const publish = () => root.style.setProperty('--cookie-banner-height', `${el.offsetHeight}px`);
    publish();
    root.setAttribute('data-cookie-banner', 'open');
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.removeAttribute('data-cookie-banner');
      root.style.removeProperty('--cookie-banner-height');
    };
  }, []);

  const banner = (
    <section
      ref={ref}
      role="region"
      aria-label="Cookie consent"
      data-cookie-banner-region=""
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white text-slate-900 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]"
    >
      <div className="mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 md:flex-row md:items-center md:justify-between md:gap-3 md:py-3">
        <p className="text-sm text-slate-800">
          <span className="md:hidden">We use essential cookies, and others only if you agree. </span>
          <span className="hidden md:inline">
            We use essential cookies to run ShuttleQuote and, with your permission, analytics and functional
            cookies to improve it.{' '}
          </span>
          <Link to="/cookie-policy" className="font-semibold text-brand-600 underline underline-offset-4">
            Cookie Policy
          </Link>
          {/* Phones: Customize sits in the sentence, so the two choices fit one row. */}
          <span className="md:hidden">
            {' · '}
            <button
              type="button"
              onClick={props.onCustomize}
              className="font-semibold text-brand-600 underline underline-offset-4"
            >
              Customize
            </button>
          </span>
        </p>
        <div className="grid shrink-0 grid-cols-2 gap-2 md:flex">
          <Button variant="ghost" size="sm" className="max-md:hidden" onClick={props.onCustomize}>
            Customize
          </Button>
          <Button variant="secondary" size="sm" className={BANNER_BUTTON} onClick={props.onEssential}>
            Essential Only
          </Button>
          <Button size="sm" className={BANNER_BUTTON} onClick={props.onAcceptAll}>
            Accept All
          </Button>
        </div>
      </div>
    </section>
  );
  const early = document.getElementById(EARLY_OVERLAYS_ID);
  return early ? createPortal(banner, early) : banner;
}

function CookiePreferences(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus: () => void;
  onSave: (choice: { functional: boolean; analytics: boolean }) => void;
}) {
  const [analytics, setAnalytics] = useState(false);
  const [functional, setFunctional] = useState(false);
  // Start from the saved choice each time the dialog opens.
  useEffect(() => {
    if (!props.open) return;
    const saved = readConsent();
    setAnalytics(saved?.analytics ?? false);
    setFunctional(saved?.functional ?? false);
  }, [props.open]);

  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white text-slate-900 shadow-xl"
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.onCloseAutoFocus();
          }}
        >
          <div className="flex items-start justify-between gap-4 border-b border-slate-200 p-4">
            <div>
              <Dialog.Title className="text-lg font-bold text-brand-900">Cookie Preferences</Dialog.Title>
              <Dialog.Description className="text-sm text-slate-700">
                Choose which cookies ShuttleQuote may use. You can change this at any time.
              </Dialog.Description>
            </div>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto px-4 py-2">
            <SwitchRow
              label="Essential"
              description="Always on. Needed for signing in, security and remembering these choices, so it cannot be turned off."
              checked
              disabled
            />
            <SwitchRow
              label="Analytics"
              description="Anonymous usage statistics that stay with ShuttleQuote and help us improve the service. Nothing is shared with third parties."
              checked={analytics}
              onCheckedChange={setAnalytics}
            />
            <SwitchRow
              label="Functional"
              description="Remembers optional conveniences so the site works the way you last left it."
              checked={functional}
              onCheckedChange={setFunctional}
            />
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-4">
            <Button variant="secondary" onClick={() => props.onSave({ analytics, functional })}>
              Save Preferences
            </Button>
            <Button onClick={() => props.onSave({ analytics: true, functional: true })}>Accept All</Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
