/**
 * The slide-out Menu's look (SPEC §2.1), without React: MobileMenu.tsx and the public pages' menu
 * (src/web/light/mobile-menu.ts) are drawn from these.
 */
import { cn } from '../../lib/cn.ts';

export const MENU_CLASS = {
  content:
    'fixed inset-y-0 left-0 z-50 flex w-72 max-w-[85vw] flex-col gap-2 overflow-y-auto bg-white p-4 shadow-xl',
  title: 'text-lg font-bold text-brand-900',
  close: 'rounded-md p-2 hover:bg-slate-100',
  guestRow: 'grid grid-cols-2 gap-2 border-b border-slate-200 pb-3',
  signIn:
    'rounded-lg border border-slate-300 px-3 py-2.5 text-center font-semibold text-brand-800 hover:bg-brand-50',
  getStarted: 'rounded-lg bg-brand-600 px-3 py-2.5 text-center font-semibold text-white hover:bg-brand-700',
  item: 'flex items-center gap-3 rounded-lg px-3 py-2.5 font-medium hover:bg-brand-50',
  publicItem: 'rounded-lg px-3 py-2 text-sm hover:bg-brand-50',
  groupTitle: 'px-3 pt-3 pb-1 text-xs font-bold uppercase tracking-wide text-slate-600',
  tools: 'mt-auto flex flex-col border-t border-slate-200 pt-2',
} as const;

/** A menu link's classes: the current page marked, role pages darker than the public ones. */
export function menuLinkClass(className: string, isActive: boolean) {
  return cn(
    className,
    isActive
      ? 'bg-brand-50 text-brand-800 underline underline-offset-4'
      : className === MENU_CLASS.item
        ? 'text-slate-900'
        : 'text-slate-700',
  );
}

/** The Menu's own buttons (accessibility settings, Log Issue). */
export const MENU_TOOL = cn(MENU_CLASS.publicItem, 'flex items-center gap-2 text-left text-slate-700');
