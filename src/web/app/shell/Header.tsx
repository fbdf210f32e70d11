/** Header (SPEC §2.1): navigation per role, the narrow-screen slide-out 'Menu' and the avatar menu. */
import * as Dialog from '@radix-ui/react-dialog';
import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { Bell, Bus, LogOut, Menu as MenuIcon, X } from 'lucide-react';
import { useState } from 'react';
import { Link, NavLink } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { useNotifications } from '../../features/marketplace/api.ts';
import { cn } from '../../lib/cn.ts';
import { config } from '../config.ts';
import { PUBLIC_NAV, SIGNED_IN_NAV } from './nav.ts';

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-semibold text-slate-950 hover:bg-white/25',
    isActive && 'bg-white/30 underline underline-offset-4',
  );

export function Header() {
  const { user, signOut } = useAuth();
  const [menuOpen, setMenuOpen] = useState(false);
  const links = user ? [...PUBLIC_NAV, ...SIGNED_IN_NAV] : PUBLIC_NAV;

  return (
    <header className="sticky top-0 z-40 bg-brand text-slate-950 shadow">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4">
        <Dialog.Root open={menuOpen} onOpenChange={setMenuOpen}>
          <Dialog.Trigger asChild>
            <button
              type="button"
              className="rounded-md p-2 text-slate-950 hover:bg-white/25 lg:hidden"
              aria-label="Open menu"
            >
              <MenuIcon className="h-6 w-6" aria-hidden="true" />
            </button>
          </Dialog.Trigger>
          <Dialog.Portal>
            <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
            <Dialog.Content
              className="fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 bg-white p-4 shadow-xl"
              aria-describedby={undefined}
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
                    onClick={() => setMenuOpen(false)}
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
                {!user && (
                  <>
                    <NavLink
                      to="/login"
                      onClick={() => setMenuOpen(false)}
                      className="rounded-md px-3 py-3 font-medium hover:bg-slate-100"
                    >
                      Sign In
                    </NavLink>
                    <NavLink
                      to="/signup"
                      onClick={() => setMenuOpen(false)}
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

        <Link to="/" className="flex items-center gap-2 rounded-md px-1 text-lg font-bold text-slate-950">
          <span className="inline-flex h-8 w-8 items-center justify-center rounded-md bg-brand-dark text-white">
            <Bus className="h-5 w-5" aria-hidden="true" />
          </span>
          {config.brandName}
        </Link>

        <nav aria-label="Main" className="ml-4 hidden items-center gap-1 lg:flex">
          {links.map((l) => (
            <NavLink key={l.to} to={l.to} end={l.to === '/'} className={navLinkClass}>
              {l.label}
            </NavLink>
          ))}
        </nav>

        <div className="ml-auto flex items-center gap-2">
          {user && !user.isTest && <NotificationBell />}
          {user ? (
            <Dropdown.Root>
              <Dropdown.Trigger className="rounded-full">
                <span className="sr-only">Account menu for {user.email}</span>
                <Avatar src={user.avatarUrl} name={user.fullName} email={user.email} size="md" decorative />
              </Dropdown.Trigger>
              <Dropdown.Portal>
                <Dropdown.Content
                  align="end"
                  sideOffset={8}
                  className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
                >
                  <Dropdown.Label className="truncate px-3 py-2 text-sm text-slate-600">
                    {user.email}
                  </Dropdown.Label>
                  <Dropdown.Separator className="my-1 h-px bg-slate-200" />
                  <MenuLink to="/profile">Profile</MenuLink>
                  <MenuLink to="/settings">Settings</MenuLink>
                  <MenuLink to="/dashboard" className="lg:hidden">
                    Dashboard
                  </MenuLink>
                  <Dropdown.Separator className="my-1 h-px bg-slate-200" />
                  <Dropdown.Item
                    onSelect={() => void signOut('user')}
                    className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100"
                  >
                    <LogOut className="h-4 w-4" aria-hidden="true" /> Log out
                  </Dropdown.Item>
                </Dropdown.Content>
              </Dropdown.Portal>
            </Dropdown.Root>
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
                className="rounded-md bg-white px-3 py-2 text-sm font-semibold text-brand-ink hover:bg-blue-50"
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

function MenuLink({ to, children, className }: { to: string; children: string; className?: string }) {
  return (
    <Dropdown.Item asChild>
      <Link
        to={to}
        className={cn(
          'block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100',
          className,
        )}
      >
        {children}
      </Link>
    </Dropdown.Item>
  );
}

/** The bell with the unread count; the count refreshes live through the shell's event stream. */
function NotificationBell() {
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;
  return (
    <Link
      to="/notifications"
      className="relative rounded-md p-2 text-slate-950 hover:bg-white/25"
      aria-label={unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'}
    >
      <Bell className="h-6 w-6" aria-hidden="true" />
      {unread > 0 && (
        <span
          data-testid="unread-count"
          aria-hidden="true"
          className="absolute -right-0.5 -top-0.5 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
