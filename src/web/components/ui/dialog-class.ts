/**
 * The centred dialogs' look (accessibility settings, cookie preferences), without React: the app's Radix
 * dialogs and the public pages' script dialogs (src/web/light/) are drawn from these.
 */
export const DIALOG_CENTRED =
  'fixed left-1/2 top-1/2 z-50 flex max-h-[90vh] w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 flex-col rounded-lg bg-white text-slate-900 shadow-xl';
export const DIALOG_HEADER = 'flex items-start justify-between gap-4 border-b border-slate-200 p-4';
export const DIALOG_TITLE = 'text-lg font-bold text-brand-900';
export const DIALOG_DESCRIPTION = 'text-sm text-slate-700';
export const DIALOG_CLOSE = 'rounded-md p-2 hover:bg-slate-100';
