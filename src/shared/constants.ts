/**
 * Business constants of SPEC §9, defined once. Durations are milliseconds unless the name says otherwise.
 */
export const BRAND_DEFAULT = 'ShuttleQuote';
export const TIME_ZONE = 'Australia/Sydney';

export const BREAKPOINTS = { tablet: 768, desktop: 1024, wide: 1280 } as const;
export const RESIZE_DEBOUNCE_MS = 100;

export const PASSWORD_MIN_LENGTH = 8;
export const NAME_MIN_LENGTH = 2;
export const COMMON_PASSWORDS = ['password', '123456', 'qwerty'] as const;

export const SESSION = {
  readTimeoutMs: 10_000,
  readRetries: 3,
  retryBaseMs: 1_000,
  retryJitterMs: 500,
  signInTimeoutMs: 10_000,
  signInRetries: 2,
  signOutTimeoutMs: 3_000,
  checkIntervalMs: 60_000,
  signOutRedirectDelayMs: 500,
  waitForAuthReadyMs: 5_000,
  waitForAuthReadyPollMs: 100,
  verifyAttempts: 5,
  verifyStepMs: 200,
  verifyPauseMs: 300,
} as const;

export const IDLE = { timeoutMs: 30 * 60_000, checkIntervalMs: 60_000 } as const;
export const GUARD = { loadTimeoutMs: 3_000, maxTimeouts: 3, secondCheckWaitMs: 1_000 } as const;

export const PASSWORD_RESET_LIMIT = { max: 3, windowMs: 60 * 60_000 } as const;
export const RESET_SUCCESS_REDIRECT_MS = 3_000;
/** Sign-in attempts allowed per client address per minute before auth/rate-limit (429): enough for a shared office or NAT, too few for guessing. */
export const LOGIN_RATE_LIMIT = { max: 30, windowMs: 60_000 } as const;

/**
 * Flood limits per account (per client address for guests), issue 16: how many of each one person may
 * have accepted in an hour (refused requests do not count). Far above real use (a family's trips, a
 * driver's quoting session), far below what a script sends. `what` names it in the 429's message.
 * Questions and answers have their own limits (QUESTION_LIMITS).
 */
export const FLOOD_LIMITS = {
  trips: { max: 20, windowMs: 60 * 60_000, what: 'trip requests' },
  quotes: { max: 60, windowMs: 60 * 60_000, what: 'quotes and quote changes' },
  issues: { max: 5, windowMs: 60 * 60_000, what: 'issue reports' },
  contact: { max: 5, windowMs: 60 * 60_000, what: 'messages' },
  uploads: { max: 30, windowMs: 60 * 60_000, what: 'uploads' },
} as const;
export type FloodLimit = keyof typeof FLOOD_LIMITS;

/**
 * Per-account sign-in defences (issue 16): within `windowMinutes`, from the `slowAfter`-th wrong password or
 * code the next try waits 1, 2, 4... seconds; the `lockAfter`-th locks the account for `lockMinutes`.
 */
export const ACCOUNT_GUARD = { windowMinutes: 15, slowAfter: 5, lockAfter: 10, lockMinutes: 15 } as const;

export const TOAST = {
  defaultMs: 5_000,
  criticalMs: 10_000,
  swipeThreshold: 50,
  limit: 1,
  removeDelayMs: 1_000_000,
  signupSuccessMs: 5_000,
} as const;

export const NETWORK = {
  retries: 3,
  retryBaseMs: 1_000,
  connectionCheckMs: 30_000,
  bannerAutoHideMs: 5_000,
  reconnectedBannerMs: 5_000,
} as const;
export const ERROR_BOUNDARY_RETRIES = 3;
export const COOKIE_BANNER_DELAY_MS = 1_000;
export const TOOLTIP = { delayMs: 700, skipDelayMs: 300 } as const;

export const QUERY_DEFAULTS = {
  retries: 3,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
  gcTimeMs: 300_000,
} as const;

/**
 * `maxPixels`/`maxSide` (issue 16): an image's declared size is checked before it is stored or decoded, so a
 * small file that decodes to gigabytes (a decompression bomb) is refused. 50 MP covers every phone camera.
 */
export const UPLOAD = {
  maxBytes: 5 * 1024 * 1024,
  maxFiles: 5,
  cacheSeconds: 3600,
  maxPixels: 50_000_000,
  maxSide: 20_000,
} as const;
export const AVATAR = {
  maxBytes: 2 * 1024 * 1024,
  maxFiles: 1,
  recommendedPx: 256,
  generatedSize: 128,
  background: '1e40af',
  color: 'ffffff',
} as const;

export const DRIVER_DEFAULTS = {
  vehicleCapacity: 4,
  availability: { days: [] as string[], hours: { start: '09:00', end: '17:00' } },
} as const;

export const PRICE_PER_KM_AUD = 1.5;
export const SUPPORT_HOURS = {
  days: 'Monday to Friday',
  open: '08:00',
  close: '20:00',
  replyWithinHours: 24,
} as const;
export const HEADER_BRAND_COLOR = '#4b89cc';

export const APP_ENVS = ['development', 'production', 'staging', 'preview'] as const;
export type AppEnv = (typeof APP_ENVS)[number];
