/**
 * The signed-in end of the header: the notification bell with the unread count and the avatar menu.
 * A chunk of its own so a guest never downloads the dropdown or the marketplace API client.
 */
import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { Bell, LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Avatar } from '../../components/ui/avatar.tsx';
import { useAuth } from '../../features/auth/AuthProvider.tsx';
import { useNotifications } from '../../features/marketplace/api.ts';
import { cn } from '../../lib/cn.ts';

export default function AccountControls() {
  const { user, signOut } = useAuth();
  if (!user) return null;
  return (
    <>
      {!user.isTest && <NotificationBell />}
      {/* Not modal: a modal dropdown hides the page with aria-hidden while its links stay focusable
          (axe aria-hidden-focus). Escape, Tab and a click outside still close it. */}
      <Dropdown.Root modal={false}>
        <Dropdown.Trigger className="rounded-full">
          <span className="sr-only">Account menu for {user.email}</span>
          <Avatar src={user.avatarUrl} name={user.fullName} email={user.email} size="md" decorative />
        </Dropdown.Trigger>
        {/* Rendered in place, inside the header's banner landmark (axe 'region'), not in a portal. */}
        <Dropdown.Content
          align="end"
          sideOffset={8}
          className="z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
        >
          <Dropdown.Label className="truncate px-3 py-2 text-sm text-slate-600">{user.email}</Dropdown.Label>
          <Dropdown.Separator className="my-1 h-px bg-slate-200" />
          {/* A driver's profile is the driver profile (SPEC §2.3): link there, not through a redirect. */}
          <MenuLink to={user.role === 'driver' ? '/driver-profile' : '/profile'}>Profile</MenuLink>
          {user.role === 'driver' && <MenuLink to="/driver-billing">Billing</MenuLink>}
          <MenuLink to="/settings">Settings</MenuLink>
          <MenuLink to="/dashboard" className="xl:hidden">
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
      </Dropdown.Root>
    </>
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
