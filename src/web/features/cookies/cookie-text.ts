/**
 * What the cookie banner and 'Cookie Preferences' say (SPEC §2.10), without React: the app's banner
 * (CookieBanner.tsx) and the public pages' banner (src/web/light/cookie-banner.ts) show the same.
 */
export const COOKIE_TEXT = {
  bannerLabel: 'Cookie consent',
  bannerShort: 'We use essential cookies, and others only if you agree. ',
  bannerLong:
    'We use essential cookies to run ShuttleQuote and, with your permission, analytics and functional cookies to improve it. ',
  policyLink: 'Cookie Policy',
  customize: 'Customize',
  essentialOnly: 'Essential Only',
  acceptAll: 'Accept All',
  savePreferences: 'Save Preferences',
  prefsTitle: 'Cookie Preferences',
  prefsDescription: 'Choose which cookies ShuttleQuote may use. You can change this at any time.',
  essential: {
    label: 'Essential',
    description:
      'Always on. Needed for signing in, security and remembering these choices, so it cannot be turned off.',
  },
  analytics: {
    label: 'Analytics',
    description:
      'Anonymous usage statistics that stay with ShuttleQuote and help us improve the service. Nothing is shared with third parties.',
  },
  functional: {
    label: 'Functional',
    description: 'Remembers optional conveniences so the site works the way you last left it.',
  },
  announceEssential: 'Only essential cookies will be used.',
  announceAll: 'All cookies accepted.',
  announceSaved: 'Cookie preferences saved.',
} as const;

/** The banner's look (both banners). */
export const COOKIE_BANNER_CLASS = {
  section:
    'fixed inset-x-0 bottom-0 z-40 border-t border-slate-300 bg-white text-slate-900 shadow-[0_-4px_12px_rgba(0,0,0,0.12)]',
  inner:
    'mx-auto flex max-w-7xl flex-col gap-2 px-4 py-2 md:flex-row md:items-center md:justify-between md:gap-3 md:py-3',
  text: 'text-sm text-slate-800',
  link: 'font-semibold text-brand-600 underline underline-offset-4',
  buttons: 'grid shrink-0 grid-cols-2 gap-2 md:flex',
  /** Wraps inside the button with large text rather than pushing the banner taller row by row. */
  // Important (!): these override the button's own height and padding (cn does not merge, src/web/lib/cn.ts).
  choice: 'h-auto! min-h-9 whitespace-normal py-1.5!',
} as const;
