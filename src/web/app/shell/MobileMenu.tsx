/**
 * The narrow-screen slide-out 'Menu' (SPEC §2.1). A chunk of its own, fetched when the Menu button is
 * first pointed at, focused or pressed, so the dialog code is not part of every page's first download.
 * Organised by role (issue 18): a guest's sign-in and sign-up first; a signed-in person's own pages in two
 * groups (their work or trips, then their account), each link with its icon; the public pages after them,
 * smaller; and on phones the accessibility settings and Log Issue (which do not float over the page there,
 * issue 12).
 */
import * as Dialog from '@radix-ui/react-dialog';
import {
  Accessibility,
  BarChart3,
  Bug,
  CalendarCheck,
  CalendarClock,
  CarFront,
  ClipboardCheck,
  FileText,
  Inbox,
  type LucideIcon,
  MessageSquareQuote,
  PlusCircle,
  ReceiptText,
  Route,
  Search,
  Settings,
  ShieldCheck,
  Tag,
  TriangleAlert,
  UserRound,
  Users,
  X,
} from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { NavLink } from 'react-router';
import { BrandMark } from '../../components/brand/BrandMark.tsx';
import { openAccessibilitySettings } from '../../features/accessibility/settings.ts';
import { config } from '../config.ts';
import { openIssueReport } from './focus.ts';
import { MENU_CLASS, MENU_TOOL, menuLinkClass } from './menu-class.ts';
import type { NavItem } from './nav.ts';

const ITEM: string = MENU_CLASS.item;
const PUBLIC_ITEM: string = MENU_CLASS.publicItem;
const GROUP_TITLE = MENU_CLASS.groupTitle;

/** Each of a role's pages with its icon (the same icon wherever the page is named). */
const ICONS: Record<string, LucideIcon> = {
  '/book-ride': PlusCircle,
  '/dashboard': MessageSquareQuote,
  '/my-quotes': MessageSquareQuote,
  '/bookings': CalendarCheck,
  '/profile': UserRound,
  '/settings': Settings,
  '/available-rides': Search,
  '/driver-runs': Route,
  '/driver-profile': CarFront,
  '/driver-billing': ReceiptText,
  '/driver-fares': Tag,
  '/admin-dashboard': BarChart3,
  '/admin/verifications': ShieldCheck,
  '/admin/bookings': CalendarCheck,
  '/users': Users,
  '/admin/issues': TriangleAlert,
  '/admin/audit': ClipboardCheck,
  '/admin/billing': ReceiptText,
  '/admin/exports': FileText,
  '/admin/today': CalendarClock,
};

/** What a role's first group of pages is about. */
function workTitle(links: readonly NavItem[]) {
  if (links.some((l) => l.to === '/admin-dashboard')) return 'Administration';
  if (links.some((l) => l.to === '/driver-profile')) return 'Your work';
  return 'Your trips';
}

export default function MobileMenu(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  roleLinks: readonly NavItem[];
  publicLinks: readonly NavItem[];
  signedIn: boolean;
  canReportIssue: boolean;
  /** The Menu button, which gets the focus back when the menu closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { open, onOpenChange, roleLinks, publicLinks, signedIn, canReportIssue, triggerRef } = props;
  // A link leaves the focus to the new page (Layout moves it to the page's heading), and a panel opened from
  // here takes it; otherwise closing gives it back to the Menu button.
  const navigating = useRef(false);
  const follow = (to?: string) => {
    // A link to the page already shown changes nothing, so the focus goes back to the Menu button.
    navigating.current = to === undefined || to !== window.location.pathname;
    onOpenChange(false);
  };
  const link = (l: NavItem, className = ITEM) => {
    const Icon = className === ITEM ? (ICONS[l.to] ?? Inbox) : null;
    return (
      <NavLink
        key={`${l.to}-${l.label}`}
        to={l.to}
        end={l.to === '/'}
        onClick={() => follow(l.to)}
        className={({ isActive }) => menuLinkClass(className, isActive)}
      >
        {Icon && <Icon className="h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />}
        {l.label}
      </NavLink>
    );
  };
  const work = roleLinks.filter((l) => !l.inAccountMenu);
  const account = roleLinks.filter((l) => l.inAccountMenu);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          id="mobile-menu"
          className={MENU_CLASS.content}
          aria-describedby={undefined}
          onOpenAutoFocus={() => {
            navigating.current = false;
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            if (!navigating.current) triggerRef.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <span className="flex items-center gap-2">
              <BrandMark className="h-7 w-7" />
              <Dialog.Title className={MENU_CLASS.title}>Menu</Dialog.Title>
            </span>
            <Dialog.Close className={MENU_CLASS.close} aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {!signedIn && (
            <div className={MENU_CLASS.guestRow}>
              <NavLink to="/login" onClick={() => follow('/login')} className={MENU_CLASS.signIn}>
                Sign In
              </NavLink>
              <NavLink to="/signup" onClick={() => follow('/signup')} className={MENU_CLASS.getStarted}>
                Get Started
              </NavLink>
            </div>
          )}
          {roleLinks.length > 0 && (
            <nav aria-label="Your pages" className="flex flex-col border-b border-slate-200 pb-2">
              <h2 className={GROUP_TITLE}>{workTitle(roleLinks)}</h2>
              {work.map((l) => link(l))}
              {account.length > 0 && <h2 className={GROUP_TITLE}>Your account</h2>}
              {account.map((l) => link(l))}
            </nav>
          )}
          <nav aria-label="Mobile" className="flex flex-col">
            <h2 className={GROUP_TITLE}>{config.brandName}</h2>
            {publicLinks.map((l) => link(l, PUBLIC_ITEM))}
          </nav>
          <div className={MENU_CLASS.tools}>
            <button
              type="button"
              className={MENU_TOOL}
              onClick={() => {
                follow(); // the panel takes the focus, and gives it back to the Menu button
                openAccessibilitySettings(triggerRef.current);
              }}
            >
              <Accessibility className="h-5 w-5 shrink-0" aria-hidden="true" />
              Accessibility settings
            </button>
            {canReportIssue && (
              <button
                type="button"
                className={MENU_TOOL}
                onClick={() => {
                  follow();
                  openIssueReport(triggerRef.current);
                }}
              >
                <Bug className="h-5 w-5 shrink-0" aria-hidden="true" />
                Log Issue
              </button>
            )}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
