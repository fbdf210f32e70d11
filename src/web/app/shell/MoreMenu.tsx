/**
 * The wide header's "More" menu (issue 32): a role's less used pages, so the admin navigation fits one row
 * at 1280 px. A chunk of its own, like the avatar menu, sharing its dropdown code; guests never load it.
 */
import * as Dropdown from '@radix-ui/react-dropdown-menu';
import { ChevronDown } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import { cn } from '../../lib/cn.ts';
import type { NavItem } from './nav.ts';

export default function MoreMenu({ items }: { items: readonly NavItem[] }) {
  const { pathname } = useLocation();
  const isCurrent = (to: string) => pathname === to || pathname.startsWith(`${to}/`);
  const current = items.some((i) => isCurrent(i.to));
  return (
    // Not modal, like the avatar menu: a modal one hides the page with aria-hidden while links stay focusable.
    <Dropdown.Root modal={false}>
      <Dropdown.Trigger
        className={cn(
          'inline-flex items-center gap-1 whitespace-nowrap rounded-md px-2.5 py-2 text-sm font-semibold text-slate-950 hover:bg-white/25',
          current && 'bg-white/30 underline underline-offset-4',
        )}
      >
        More
        <ChevronDown className="h-4 w-4" aria-hidden="true" />
      </Dropdown.Trigger>
      {/* Rendered in place, inside the header's banner landmark (axe 'region'), not in a portal. */}
      <Dropdown.Content
        align="start"
        sideOffset={8}
        className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 text-slate-900 shadow-lg"
      >
        {/* A plain Link with a string class: the item's Slot cannot merge NavLink's class function. */}
        {items.map((item) => (
          <Dropdown.Item key={item.to} asChild>
            <Link
              to={item.to}
              aria-current={isCurrent(item.to) ? 'page' : undefined}
              className={cn(
                'block rounded px-3 py-2 text-sm outline-none data-[highlighted]:bg-slate-100',
                isCurrent(item.to) && 'font-semibold underline underline-offset-4',
              )}
            >
              {item.label}
            </Link>
          </Dropdown.Item>
        ))}
      </Dropdown.Content>
    </Dropdown.Root>
  );
}
