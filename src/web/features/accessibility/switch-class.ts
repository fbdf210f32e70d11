/**
 * The on/off switch's look, without React: SwitchRow (Switch.tsx) and the public pages' small scripts
 * (src/web/light/) draw the same switch from these.
 */
import { cn } from '../../lib/cn.ts';

export const SWITCH_ROW_CLASS = 'flex items-start justify-between gap-4 py-3';
export const SWITCH_LABEL_CLASS = 'font-medium text-slate-900';
export const SWITCH_DESCRIPTION_CLASS = 'mt-0.5 text-sm text-slate-700';

export function switchClass(checked: boolean, disabled?: boolean) {
  return cn(
    'sq-switch relative mt-0.5 inline-flex h-7 w-12 shrink-0 items-center rounded-full border-2 transition-colors disabled:cursor-not-allowed',
    checked ? 'border-brand-600 bg-brand-600' : 'border-slate-500 bg-slate-200',
    disabled && 'opacity-70',
  );
}

export function switchThumbClass(checked: boolean) {
  return cn(
    'inline-block h-5 w-5 rounded-full bg-white shadow transition-transform',
    checked ? 'translate-x-[1.35rem]' : 'translate-x-0.5',
  );
}
