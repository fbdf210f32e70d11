/** User-facing messages of SPEC §5 and §8, word for word, defined once. */
import { ACCOUNT_GUARD } from './constants.ts';
export const VALIDATION = {
  invalidEmail: 'Please enter a valid email address.',
  missingCredentials: 'Please enter both email and password.',
  fillAllFields: 'Please fill in all fields.',
  passwordTooShort: 'Password must be at least 8 characters long',
  passwordTooCommon: 'Please use a stronger password. This password is too common.',
  fullNameRequired: 'Please enter your full name',
  validFullNameRequired: 'Please enter a valid full name',
  bspRequired: 'BSP number is required',
  passwordsDoNotMatch: 'Passwords do not match',
  emailRequired: 'Please enter your email address.',
} as const;

/** Sign-in error catalogue (§8): code to message. */
export const AUTH_ERRORS = {
  'auth/invalid-credentials': 'The email or password you entered is incorrect. Please try again.',
  'auth/email-not-confirmed':
    'Your email has not been confirmed. Please check your inbox for a confirmation email.',
  'auth/invalid-email': 'Please enter a valid email address.',
  'auth/network-error': 'Connection issue detected. Please check your internet connection and try again.',
  'auth/rate-limit': 'Too many login attempts. Please wait a moment before trying again.',
  'auth/slow-down':
    'Too many failed sign-ins to this account. Please wait a few seconds before trying again.',
  'auth/account-locked': `Too many failed sign-ins to this account, so it is locked for ${ACCOUNT_GUARD.lockMinutes} minutes. Reset your password to sign in now.`,
  'auth/timeout': 'The sign in request timed out. Please check your internet connection and try again.',
  'auth/missing-credentials': 'missing email or password',
  'auth/no-session': 'Sign in was successful, but no session was created. Please try again.',
  'auth/unknown': 'An error occurred during sign in. Please try again.',
} as const;
export type AuthErrorCode = keyof typeof AUTH_ERRORS;

/** What the sign-in page shows (§8 "Sign-in page mapping"). */
export const LOGIN_PAGE = {
  invalidCredentials: 'Invalid email or password. Please try again.',
  emailNotConfirmed: 'Please confirm your email address before signing in.',
  emptyServiceMessage: 'Authentication failed. Please try again.',
  unexpected: 'An unexpected error occurred. Please try again.',
  sessionExpired: 'Your session has expired. Please sign in again.',
  /** An administrator ended the account's sessions (issue 14: suspended, deleted). */
  signedOutByAdmin:
    'You have been signed out of this account. Sign in again, or contact support if you cannot.',
} as const;

export const ACCOUNT = {
  signupFailed: 'Signup failed',
  errorCreatingAccount: 'Error creating account',
  errorCreatingTestAccount: 'Error creating test account',
  errorCreatingDriverAccount: 'Error creating driver account',
  emailTaken:
    'This email address is already registered. Please use a different email or try logging in instead.',
  tooManyResetAttempts: 'Too many password reset attempts. Please try again in 1 hour.',
  resetEmailFailed: 'Failed to send password reset email.',
  loginFailed: 'Failed to log in. Please try again.',
  createAccountFailed: 'Failed to create account. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  emailSendFailed: 'Failed to send email.',
  unexpectedLater: 'An unexpected error occurred. Please try again later.',
} as const;

export const SESSION_MESSAGES = {
  expiredTitle: 'Session Expired',
  authErrorTitle: 'Authentication Error',
  expired: 'Your session has expired. Please sign in again.',
  dbConnection: 'Could not connect to the database. Please refresh the page or try again later.',
  appError: 'Application Error',
} as const;

export const UI_TEXT = {
  authenticating: 'Authenticating...',
  signingIn: 'Signing in...',
  loading: 'Loading...',
  routerFallback: 'Unexpected Application Error!',
  globalError: 'Something went wrong',
  rbacOutsideProvider: 'useRBAC must be used within an RBACProvider',
  launchNotice:
    'We are launching first in Port Stephens: our first stage serves Port Stephens visitors and residents, and a network of small local businesses making transport easier and cheaper.',
} as const;

/** Generic API error messages that are ours (not the spec's). */
export const API_MESSAGES = {
  notFound: 'Not found',
  unauthenticated: 'Please log in to continue. Your session may have expired.',
  forbidden: "You don't have permission to perform this action.",
  validation: 'Please check your input and try again.',
  /** Issue 28: NUL and the other C0 control characters (tab and line breaks aside in text) are refused. */
  controlCharacters:
    'Text cannot contain control characters (such as a NUL byte). Please remove them and try again.',
  internal: 'Something went wrong. Please try again or contact support if the problem persists.',
  adminSignupRefused: 'Public sign-up cannot create an administrator account.',
  badOrigin: 'This request did not come from the app.',
  payloadTooLarge: (limit: string) => `The request is too large: at most ${limit} is accepted here.`,
  unsupportedMediaType: (types: string) => `Send the request body as ${types} (its Content-Type header).`,
  /** Issue 16: a flood limit (FLOOD_LIMITS) was reached. */
  tooManyInAWhile: (what: string, retryAfterSeconds: number) =>
    `You have sent a lot of ${what} in a short time. Please try again in ${Math.max(1, Math.ceil(retryAfterSeconds / 60))} minutes.`,
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  idempotencyKeyReused:
    'This Idempotency-Key was already used for a different request. Use a new key for a new request.',
  idempotencyInProgress:
    'A request with this Idempotency-Key is still being processed. Please try again in a moment.',
} as const;

/** The cancellation policy: free until this many hours before pickup; later ones are recorded for admins. */
export const FREE_CANCELLATION_HOURS = 24;

/** What the booking states read (issue 12: clear states). */
export const BOOKING_STATE_TEXT = {
  policy: `Cancelling is free until ${FREE_CANCELLATION_HOURS} hours before pickup. A later cancellation is recorded on the booking and our team sees it.`,
  cancelledByYou: 'Cancelled by you',
  cancelledByDriver: 'Cancelled by the driver',
  cancelledByCustomer: 'Cancelled by the customer',
  cancelledByAdmin: 'Cancelled by ShuttleQuote',
  lateCancellation: 'Late cancellation',
  lateCancellationHint: `Cancelled less than ${FREE_CANCELLATION_HOURS} hours before pickup.`,
  noPhone: 'No phone number given',
  /** The reopened request, on /driver-matching/{id}. */
  reopened: (company: string, date: string, reason: string) =>
    `${company} cancelled their booking on ${date}: “${reason}”. Your trip is open again for quotes.`,
  newQuote: (company: string, price: string) => `New quote from ${company}: ${price}`,
} as const;

/** Who cancelled a booking, as the viewer reads it: "Cancelled by you", "Cancelled by the driver". */
export function cancelledByText(b: {
  cancelledBy: 'customer' | 'driver' | 'admin' | null;
  viewerRole: 'customer' | 'driver' | 'admin';
}): string {
  // An administrator acts for ShuttleQuote, whichever administrator reads it.
  if (b.cancelledBy === 'admin') return BOOKING_STATE_TEXT.cancelledByAdmin;
  if (b.cancelledBy && b.cancelledBy === b.viewerRole) return BOOKING_STATE_TEXT.cancelledByYou;
  if (b.cancelledBy === 'driver') return BOOKING_STATE_TEXT.cancelledByDriver;
  if (b.cancelledBy === 'customer') return BOOKING_STATE_TEXT.cancelledByCustomer;
  return 'Cancelled';
}
