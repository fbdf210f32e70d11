/**
 * The session as the web app sees it (SPEC §4 Session, Sign-in, Sign-out, Idle logout).
 * The server is the authority; this only mirrors it for the guard and the shell.
 */
import {
  createContext,
  type ReactNode,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { IDLE, SESSION } from '../../../shared/constants.ts';
import { SESSION_MESSAGES } from '../../../shared/messages.ts';
import { PERMISSIONS, type Permission, roleOf } from '../../../shared/roles.ts';
import type { SessionUser as SharedSessionUser } from '../../../shared/session.ts';
import type { SecondFactorInput, SignInAnswer } from '../../../shared/two-factor.ts';
import { isProductionApp } from '../../app/config.ts';
import { toast } from '../../components/ui/toast.tsx';
import { ApiError, api, sleep } from '../../lib/api.ts';
import { clearStoredAuth, local, readTestSession, STORAGE_KEYS } from './storage.ts';

export interface SessionUser extends SharedSessionUser {
  /** A browser-only test session (§2.6): never trusted by the API. */
  isTest?: boolean;
}

type Status = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthContextValue {
  status: Status;
  user: SessionUser | null;
  permissions: readonly Permission[];
  /** Reads the session again; resolves with the user (or null). */
  refresh: () => Promise<SessionUser | null>;
  /** The password step; resolves with whether a second factor is still needed (then call verifyCode). */
  signIn: (email: string, password: string) => Promise<{ twoFactorRequired: boolean }>;
  /** The code step of two-factor sign-in (issue 14). */
  verifyCode: (input: SecondFactorInput) => Promise<void>;
  signOut: (reason?: 'user' | 'session_timeout') => Promise<void>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

interface SessionResponse {
  user: Omit<SessionUser, 'isTest'> | null;
  permissions?: Permission[];
}

/** Sign-in errors that retrying cannot fix (§4: stop on invalid credentials, unconfirmed or invalid e-mail). */
const FINAL_SIGN_IN_CODES = new Set([
  'auth/invalid-credentials',
  'auth/email-not-confirmed',
  'auth/invalid-email',
  'auth/missing-credentials',
  'auth/rate-limit',
  'auth/account-suspended',
  'bad_origin',
]);

function markSignedIn() {
  local.set(STORAGE_KEYS.lastLogin, new Date().toISOString());
  local.set(STORAGE_KEYS.lastActivity, String(Date.now()));
}

function backoff(attempt: number) {
  return SESSION.retryBaseMs * 2 ** attempt + Math.random() * SESSION.retryJitterMs;
}

async function fetchSession(): Promise<SessionResponse> {
  let lastError: unknown;
  for (let attempt = 0; attempt <= SESSION.readRetries; attempt++) {
    try {
      return await api<SessionResponse>('/api/session', { timeoutMs: SESSION.readTimeoutMs });
    } catch (err) {
      lastError = err;
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) break;
      if (attempt < SESSION.readRetries) await sleep(backoff(attempt));
    }
  }
  throw lastError;
}

function testUser(): SessionUser | null {
  if (isProductionApp) return null;
  const t = readTestSession();
  if (!t) return null;
  return {
    id: t.id,
    email: t.email,
    fullName: t.name,
    userType: t.userType,
    role: roleOf(t.userType),
    avatarUrl: null,
    phone: null,
    emailVerified: false,
    twoFactorEnabled: false,
    secondFactor: false,
    isTest: true,
  };
}

export function AuthProvider({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<Status>('loading');
  const [user, setUser] = useState<SessionUser | null>(null);
  const userRef = useRef<SessionUser | null>(null);

  const apply = useCallback((next: SessionUser | null) => {
    userRef.current = next;
    setUser(next);
    setStatus(next ? 'authenticated' : 'unauthenticated');
    if (next && !next.isTest) local.set(STORAGE_KEYS.signedIn, '1');
  }, []);

  /**
   * Asks the server for the session. `background`: the answer is applied as a transition, so re-rendering
   * the shell for it never holds the main thread for long (the check at start-up and every 60 s; not after
   * a sign-in, where the next screen must see the new session at once).
   */
  const refresh = useCallback(
    async (opts?: { background?: boolean }) => {
      const res = await fetchSession();
      let next: SessionUser | null = res.user ? { ...res.user, role: roleOf(res.user.userType) } : null;
      if (!next && local.get(STORAGE_KEYS.signedIn)) {
        // Stored auth says we were signed in: ask once more before concluding the session is gone.
        const again = await fetchSession().catch(() => ({ user: null }));
        next = again.user ? { ...again.user, role: roleOf(again.user.userType) } : null;
        if (!next) local.remove(STORAGE_KEYS.signedIn);
      }
      next ??= testUser();
      const found = next;
      if (opts?.background) startTransition(() => apply(found));
      else apply(found);
      return next;
    },
    [apply],
  );

  // Initial load, then a check every 60 s.
  useEffect(() => {
    let cancelled = false;
    refresh({ background: true }).catch(() => {
      if (cancelled) return;
      apply(testUser());
      toast({
        title: SESSION_MESSAGES.authErrorTitle,
        description: SESSION_MESSAGES.dbConnection,
        variant: 'destructive',
      });
    });
    const timer = setInterval(() => {
      const before = userRef.current;
      if (!before || before.isTest) return;
      refresh({ background: true })
        .then((after) => {
          if (!after) {
            clearStoredAuth();
            toast({
              title: SESSION_MESSAGES.expiredTitle,
              description: SESSION_MESSAGES.expired,
              variant: 'destructive',
            });
          }
        })
        .catch(() => undefined);
    }, SESSION.checkIntervalMs);
    return () => {
      cancelled = true;
      clearInterval(timer);
    };
  }, [refresh, apply]);

  const signIn = useCallback(async (email: string, password: string) => {
    clearStoredAuth();
    let lastError: unknown;
    for (let attempt = 0; attempt <= SESSION.signInRetries; attempt++) {
      try {
        const answer = await api<SignInAnswer>('/api/account/sign-in', {
          body: { email: email.trim(), password },
          timeoutMs: SESSION.signInTimeoutMs,
        });
        if (answer.twoFactorRequired) return { twoFactorRequired: true };
        markSignedIn();
        return { twoFactorRequired: false };
      } catch (err) {
        lastError = err;
        if (err instanceof ApiError && (FINAL_SIGN_IN_CODES.has(err.code) || err.status === 429)) throw err;
        if (attempt < SESSION.signInRetries) await sleep(backoff(attempt));
      }
    }
    throw lastError;
  }, []);

  // One try only: a code is single-use, so a blind retry could be refused as a reused code.
  const verifyCode = useCallback(async (input: SecondFactorInput) => {
    await api<SignInAnswer>('/api/account/two-factor', { body: input, timeoutMs: SESSION.signInTimeoutMs });
    markSignedIn();
  }, []);

  const signOut = useCallback(async (reason: 'user' | 'session_timeout' = 'user') => {
    let timedOut = false;
    try {
      await api('/api/account/sign-out', { body: { reason }, timeoutMs: SESSION.signOutTimeoutMs });
    } catch (err) {
      timedOut = err instanceof ApiError && err.code === 'timeout';
    }
    clearStoredAuth();
    userRef.current = null;
    const target = reason === 'session_timeout' ? '/login?timeout=true' : '/login';
    if (!timedOut) await sleep(SESSION.signOutRedirectDelayMs);
    window.location.replace(target);
  }, []);

  useIdleLogout(user, signOut);
  useAccountAccessibilitySettings(user);

  const value = useMemo<AuthContextValue>(
    () => ({
      status,
      user,
      permissions: user ? PERMISSIONS[user.role] : PERMISSIONS.guest,
      refresh,
      signIn,
      verifyCode,
      signOut,
    }),
    [status, user, refresh, signIn, verifyCode, signOut],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/**
 * Once a real account is signed in, its accessibility settings apply in this browser and changes are saved
 * to it (issue 12; ../accessibility/account-sync.ts, loaded only then). A test session has no account.
 */
function useAccountAccessibilitySettings(user: SessionUser | null) {
  const accountId = user && !user.isTest ? user.id : null;
  useEffect(() => {
    if (!accountId) return;
    let stop: (() => void) | undefined;
    let cancelled = false;
    void import('../accessibility/account-sync.ts').then((m) => {
      if (!cancelled) stop = m.followAccount();
    });
    return () => {
      cancelled = true;
      stop?.();
    };
  }, [accountId]);
}

/** 30 minutes without activity signs the user out (checked every 60 s, and when the tab comes back). */
function useIdleLogout(user: SessionUser | null, signOut: (reason: 'session_timeout') => Promise<void>) {
  useEffect(() => {
    if (!user || user.isTest) return;
    let lastWrite = 0;
    const touch = () => {
      const now = Date.now();
      if (now - lastWrite > 5_000) {
        lastWrite = now;
        local.set(STORAGE_KEYS.lastActivity, String(now));
      }
    };
    const check = () => {
      const last = Number(local.get(STORAGE_KEYS.lastActivity) ?? Date.now());
      if (Date.now() - last >= IDLE.timeoutMs) void signOut('session_timeout');
    };
    if (!local.get(STORAGE_KEYS.lastActivity)) touch();
    check();
    const events = ['pointerdown', 'keydown', 'scroll', 'touchstart', 'mousemove'] as const;
    for (const e of events) window.addEventListener(e, touch, { passive: true });
    const onVisible = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', onVisible);
    const timer = setInterval(check, IDLE.checkIntervalMs);
    return () => {
      for (const e of events) window.removeEventListener(e, touch);
      document.removeEventListener('visibilitychange', onVisible);
      clearInterval(timer);
    };
  }, [user, signOut]);
}

export function useAuth(): AuthContextValue {
  const ctx = useContext(AuthContext);
  if (!ctx) throw new Error('useAuth must be used within an AuthProvider');
  return ctx;
}
