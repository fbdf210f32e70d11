/**
 * Header (SPEC §2.1): navigation per role, the narrow-screen slide-out 'Menu' and the avatar menu.
 * The slide-out menu and the signed-in controls are chunks of their own (MobileMenu.tsx,
 * AccountControls.tsx) so a guest's first download stays small (issue 5).
 */
import { Accessibility, Bug, Menu as MenuIcon } from 'lucide-react';
import { lazy, Suspense, useLayoutEffect, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { BrandMark } from '../../components/brand/BrandMark.tsx';
import { openAccessibilitySettings } from '../../features/accessibility/settings.ts';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { cn } from '../../lib/cn.ts';
import { config } from '../config.ts';
import { openIssueReport } from './focus.ts';
import { PUBLIC_NAV, roleNav } from './nav.ts';

const loadMobileMenu = () => import('./MobileMenu.tsx');
const MobileMenu = lazy(loadMobileMenu);
const AccountControls = lazy(() => import('./AccountControls.tsx'));
const MoreMenu = lazy(() => import('./MoreMenu.tsx'));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-semibold text-slate-950 hover:bg-white/25',
    isActive && 'bg-white/30 underline underline-offset-4',
  );

const HEADER_ICON = 'hidden rounded-md p-2 text-slate-950 hover:bg-white/25 xl:inline-flex';

/**
 * Publishes the header's height as --header-height on <html>: the style sheet keeps focused controls clear
 * of the sticky header with it (scroll-padding-top). The header wraps onto more lines with larger text.
 */
function usePublishedHeight() {
  const ref = useRef<HTMLElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    const root = document.documentElement;
    const publish = () => root.style.setProperty('--header-height', `${el.offsetHeight}px`);
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish);
    observer?.observe(el);
    return () => observer?.disconnect();
  }, []);
  return ref;
}

export function Header() {
  const { user } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  // The menu's code is fetched on the first sign of intent and stays mounted afterwards.
  const [menuWanted, setMenuWanted] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  const own = user ? roleNav(user.role) : [];
  const more = own.filter((l) => l.inMore);
  const prefetchMenu = () => void loadMobileMenu();
  const headerRef = usePublishedHeight();

  return (
    <header
      ref={headerRef}
      className="sticky top-0 z-40 border-b border-brand-500/60 bg-brand-400 text-slate-950 shadow-card"
    >
      {/* Wraps instead of overflowing: with 150 % text a 390 px screen never scrolls sideways. */}
      <div className="mx-auto flex min-h-16 max-w-7xl flex-wrap items-center gap-x-2 gap-y-1 px-4 py-2">
        {/* The Menu button and the brand stay on one line; the brand's name gives way first (large text). */}
        <div className="flex min-w-0 max-w-full items-center gap-2">
          <button
            ref={menuButton}
            type="button"
            className="rounded-md p-2 text-slate-950 hover:bg-white/25 xl:hidden"
            aria-label="Open menu"
            data-opens="menu"
            aria-haspopup="dialog"
            aria-expanded={menuOpen}
            aria-controls={menuOpen ? 'mobile-menu' : undefined}
            onPointerEnter={prefetchMenu}
            onFocus={prefetchMenu}
            onClick={() => {
              setMenuWanted(true);
              setMenuOpen(true);
            }}
          >
            <MenuIcon className="h-6 w-6" aria-hidden="true" />
          </button>
          {menuWanted && (
            <Suspense fallback={null}>
              <MobileMenu
                open={menuOpen}
                onOpenChange={setMenuOpen}
                roleLinks={own}
                publicLinks={PUBLIC_NAV}
                signedIn={Boolean(user)}
                canReportIssue={Boolean(user && !user.isTest)}
                triggerRef={menuButton}
              />
            </Suspense>
          )}

          <Link
            to="/"
            className="flex min-w-0 items-center gap-2 rounded-md px-1 text-lg font-bold text-slate-950"
          >
            <BrandMark className="h-9 w-9" />
            <span className="truncate tracking-tight">{config.brandName}</span>
          </Link>
        </div>

        {/* Wide screens (1280 px and up; the Menu below that): the role's own pages first, then the
            public pages (SPEC §2.1); NavLink marks the current page with aria-current="page". */}
        <nav aria-label="Main" className="ml-2 hidden flex-wrap items-center gap-x-0.5 xl:flex">
          {own
            .filter((l) => !l.inAccountMenu && !l.inMore)
            .map((l) => (
              <NavLink key={l.to} to={l.to} className={navLinkClass}>
                {l.label}
              </NavLink>
            ))}
          {more.length > 0 && (
            <Suspense fallback={null}>
              <MoreMenu items={more} />
            </Suspense>
          )}
          {own.length > 0 && <span className="mx-1 h-6 w-px bg-slate-950/30" aria-hidden="true" />}
          {PUBLIC_NAV.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navLinkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {/* Wide screens: the accessibility settings and Log Issue live here rather than floating over
              the page (issue 12); narrower screens have them in the Menu and the footer. */}
          <button
            type="button"
            className={HEADER_ICON}
            aria-label="Accessibility settings"
            title="Accessibility settings"
            aria-haspopup="dialog"
            data-opens="accessibility-settings"
            onClick={(e) => openAccessibilitySettings(e.currentTarget)}
          >
            <Accessibility className="h-6 w-6" aria-hidden="true" />
          </button>
          {user && !user.isTest && (
            <button
              type="button"
              className={HEADER_ICON}
              aria-label="Log Issue"
              title="Log Issue"
              aria-haspopup="dialog"
              onClick={(e) => openIssueReport(e.currentTarget)}
            >
              <Bug className="h-6 w-6" aria-hidden="true" />
            </button>
          )}
          {user ? (
            // Same size as the avatar while its chunk loads, so nothing in the header moves.
            <Suspense fallback={<span className="h-10 w-10 rounded-full bg-white/30" aria-hidden="true" />}>
              <AccountControls />
            </Suspense>
          ) : (
            <>
              <Link
                to="/login"
                className="hidden rounded-md px-3 py-2 text-sm font-semibold text-slate-950 hover:bg-white/25 sm:inline-flex"
              >
                Sign In
              </Link>
              <Link
                to="/signup"
                className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-900 hover:bg-brand-50"
              >
                Get Started
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
