/**
 * What the browser keeps about sign-in. The session itself is an HttpOnly cookie the page cannot read;
 * these keys are hints (last login, last activity) and the browser-only test session of SPEC §3.
 */
export const STORAGE_KEYS = {
  lastLogin: 'sq.auth.lastLogin',
  signedIn: 'sq.auth.signedIn',
  lastActivity: 'sq.auth.lastActivity',
} as const;

export const TEST_SESSION_KEYS = [
  'test_authenticated',
  'test_user_email',
  'test_user_name',
  'test_user_type',
  'test_user_id',
  'test_driver_bsp',
  'test_driver_company',
] as const;

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    return fallback;
  }
}

export const local = {
  get: (k: string) => safe(() => localStorage.getItem(k), null),
  set: (k: string, v: string) => safe(() => localStorage.setItem(k, v), undefined),
  remove: (k: string) => safe(() => localStorage.removeItem(k), undefined),
};

/** Clears every auth-related item from local and session storage and every readable auth cookie. */
export function clearStoredAuth() {
  for (const k of Object.values(STORAGE_KEYS)) local.remove(k);
  safe(() => {
    for (const k of TEST_SESSION_KEYS) sessionStorage.removeItem(k);
  }, undefined);
  safe(() => {
    for (const part of document.cookie.split(';')) {
      const name = part.split('=')[0]?.trim();
      if (name && /auth|session|token/i.test(name)) {
        // biome-ignore lint/suspicious/noDocumentCookie: SPEC §4 sign-out clears readable auth-related cookies; the Cookie Store API is not in every browser.
        document.cookie = `${name}=; Max-Age=0; path=/`;
      }
    }
  }, undefined);
}

export interface TestSession {
  email: string;
  name: string;
  userType: 'customer' | 'driver' | 'admin';
  id: string;
  driverBsp?: string;
  driverCompany?: string;
}

export function readTestSession(): TestSession | null {
  return safe(() => {
    if (sessionStorage.getItem('test_authenticated') !== 'true') return null;
    const userType = sessionStorage.getItem('test_user_type');
    if (userType !== 'customer' && userType !== 'driver' && userType !== 'admin') return null;
    return {
      email: sessionStorage.getItem('test_user_email') ?? '',
      name: sessionStorage.getItem('test_user_name') ?? '',
      userType,
      id: sessionStorage.getItem('test_user_id') ?? '',
      driverBsp: sessionStorage.getItem('test_driver_bsp') ?? undefined,
      driverCompany: sessionStorage.getItem('test_driver_company') ?? undefined,
    };
  }, null);
}

export function writeTestSession(s: TestSession) {
  sessionStorage.setItem('test_authenticated', 'true');
  sessionStorage.setItem('test_user_email', s.email);
  sessionStorage.setItem('test_user_name', s.name);
  sessionStorage.setItem('test_user_type', s.userType);
  sessionStorage.setItem('test_user_id', s.id);
  if (s.driverBsp) sessionStorage.setItem('test_driver_bsp', s.driverBsp);
  if (s.driverCompany) sessionStorage.setItem('test_driver_company', s.driverCompany);
}
