/**
 * The narrow-screen slide-out 'Menu' (SPEC §2.1). A chunk of its own, fetched when the Menu button is
 * first pointed at, focused or pressed, so the dialog code is not part of every page's first download.
 */
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { RefObject } from 'react';
import { NavLink } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { NavItem } from './nav.ts';

export default function MobileMenu(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  links: readonly NavItem[];
  signedIn: boolean;
  /** The Menu button, which gets the focus back when the menu closes. */
  triggerRef: RefObject<HTMLButtonElement | null>;
}) {
  const { open, onOpenChange, links, signedIn, triggerRef } = props;
  const close = () => onOpenChange(false);
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          id="mobile-menu"
          className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl"
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            triggerRef.current?.focus();
          }}
        >
          <div className="flex items-center justify-between">
            <Dialog.Title className="text-lg font-bold text-brand-ink">Menu</Dialog.Title>
            <Dialog.Close className="rounded-md p-2 hover:bg-slate-100" aria-label="Close menu">
              <X className="h-5 w-5" aria-hidden="true" />
            </Dialog.Close>
          </div>
          <nav aria-label="Mobile" className="flex flex-col">
            {links.map((l) => (
              <NavLink
                key={l.to}
                to={l.to}
                end={l.to === '/'}
                onClick={close}
                className={({ isActive }) =>
                  cn(
                    'rounded-md px-3 py-3 font-medium text-slate-900 hover:bg-slate-100',
                    isActive && 'bg-slate-100',
                  )
                }
              >
                {l.label}
              </NavLink>
            ))}
            {!signedIn && (
              <>
                <NavLink
                  to="/login"
                  onClick={close}
                  className="rounded-md px-3 py-3 font-medium hover:bg-slate-100"
                >
                  Sign In
                </NavLink>
                <NavLink
                  to="/signup"
                  onClick={close}
                  className="rounded-md px-3 py-3 font-medium hover:bg-slate-100"
                >
                  Get Started
                </NavLink>
              </>
            )}
          </nav>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
