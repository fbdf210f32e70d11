/**
 * The narrow-screen slide-out 'Menu' (SPEC §2.1). A chunk of its own, fetched when the Menu button is
 * first pointed at, focused or pressed, so the dialog code is not part of every page's first download.
 * It lists the role's own pages, the public pages, and on phones the accessibility settings and Log Issue
 * (which do not float over the page there, issue 12).
 */
import * as Dialog from '@radix-ui/react-dialog';
import { Accessibility, Bug, X } from 'lucide-react';
import { type RefObject, useRef } from 'react';
import { NavLink } from 'react-router';
import { openAccessibilitySettings } from '../../features/accessibility/settings.ts';
import { cn } from '../../lib/cn.ts';
import { openIssueReport } from './focus.ts';
import type { NavItem } from './nav.ts';

const ITEM = 'rounded-md px-3 py-3 font-medium text-slate-900 hover:bg-slate-100';

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
  const link = (l: NavItem) => (
    <NavLink
      key={`${l.to}-${l.label}`}
      to={l.to}
      end={l.to === '/'}
      onClick={() => follow(l.to)}
      className={({ isActive }) => cn(ITEM, isActive && 'bg-slate-100 underline underline-offset-4')}
    >
      {l.label}
    </NavLink>
  );
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          id="mobile-menu"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl"
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
            <Dialog.Title className="text-lg font-bold text-brand-ink">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          {roleLinks.length > 0 && (
            <nav aria-label="Your pages" className="flex flex-col border-b border-slate-200 pb-2">
              {roleLinks.map(link)}
            </nav>
          )}
          <nav aria-label="Mobile" className="flex flex-col">
            {publicLinks.map(link)}
            {!signedIn && (
              <>
                {link({ to: '/login', label: 'Sign In' })}
                {link({ to: '/signup', label: 'Get Started' })}
              </>
            )}
          </nav>
          <div className="mt-auto flex flex-col border-t border-slate-200 pt-2">
            <button
              type="button"
              className={cn(ITEM, 'flex items-center gap-2 text-left')}
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
                className={cn(ITEM, 'flex items-center gap-2 text-left')}
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
