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
import {
  DIALOG_CENTRED,
  DIALOG_CLOSE,
  DIALOG_DESCRIPTION,
  DIALOG_HEADER,
  DIALOG_TITLE,
} from '../../components/ui/dialog-class.ts';
import { SwitchRow } from '../accessibility/Switch.tsx';
import { announce } from '../accessibility/settings.ts';
import { onOpenCookiePreferences, readConsent, saveConsent, useConsent } from './consent.ts';
import { COOKIE_BANNER_CLASS, COOKIE_TEXT } from './cookie-text.ts';

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
          onEssential={() => choose({ functional: false, analytics: false }, COOKIE_TEXT.announceEssential)}
          onAcceptAll={() => choose({ functional: true, analytics: true }, COOKIE_TEXT.announceAll)}
        />
      )}
      <CookiePreferences
        open={prefsOpen}
        onOpenChange={(next) => (next ? openPrefs() : setPrefsOpen(false))}
        onCloseAutoFocus={() => returnFocus(prefsReturn.current)}
        onSave={(choice) => choose(choice, COOKIE_TEXT.announceSaved)}
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

const BANNER_BUTTON = COOKIE_BANNER_CLASS.choice;

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
      aria-label={COOKIE_TEXT.bannerLabel}
      data-cookie-banner-region=""
      className={COOKIE_BANNER_CLASS.section}
    >
      <div className={COOKIE_BANNER_CLASS.inner}>
        <p className={COOKIE_BANNER_CLASS.text}>
          <span className="md:hidden">{COOKIE_TEXT.bannerShort}</span>
          <span className="hidden md:inline">{COOKIE_TEXT.bannerLong}</span>
          <Link to="/cookie-policy" className={COOKIE_BANNER_CLASS.link}>
            {COOKIE_TEXT.policyLink}
          </Link>
          {/* Phones: Customize sits in the sentence, so the two choices fit one row. */}
          <span className="md:hidden">
            {' · '}
            <button type="button" onClick={props.onCustomize} className={COOKIE_BANNER_CLASS.link}>
              {COOKIE_TEXT.customize}
            </button>
          </span>
        </p>
        <div className={COOKIE_BANNER_CLASS.buttons}>
          <Button variant="ghost" size="sm" className="max-md:hidden" onClick={props.onCustomize}>
            {COOKIE_TEXT.customize}
          </Button>
          <Button variant="secondary" size="sm" className={BANNER_BUTTON} onClick={props.onEssential}>
            {COOKIE_TEXT.essentialOnly}
          </Button>
          <Button size="sm" className={BANNER_BUTTON} onClick={props.onAcceptAll}>
            {COOKIE_TEXT.acceptAll}
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
          className={DIALOG_CENTRED}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            props.onCloseAutoFocus();
          }}
        >
          <div className={DIALOG_HEADER}>
            <div>
              <Dialog.Title className={DIALOG_TITLE}>{COOKIE_TEXT.prefsTitle}</Dialog.Title>
              <Dialog.Description className={DIALOG_DESCRIPTION}>
                {COOKIE_TEXT.prefsDescription}
              </Dialog.Description>
            </div>
            <Dialog.Close className={DIALOG_CLOSE} aria-label="Close">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <div className="min-h-0 flex-1 divide-y divide-slate-200 overflow-y-auto px-4 py-2">
            <SwitchRow {...COOKIE_TEXT.essential} checked disabled />
            <SwitchRow {...COOKIE_TEXT.analytics} checked={analytics} onCheckedChange={setAnalytics} />
            <SwitchRow {...COOKIE_TEXT.functional} checked={functional} onCheckedChange={setFunctional} />
          </div>
          <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 p-4">
            <Button variant="secondary" onClick={() => props.onSave({ analytics, functional })}>
              {COOKIE_TEXT.savePreferences}
            </Button>
            <Button onClick={() => props.onSave({ analytics: true, functional: true })}>
              {COOKIE_TEXT.acceptAll}
            </Button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
