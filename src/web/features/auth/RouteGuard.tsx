/**
 * The route guard of SPEC §2.3, for the user's convenience only: the API checks every call itself.
 * A path that is no page of the app shows the not-found page to everyone, signed in or not, without a
 * redirect (the server answers it 404 too): the redirects are for real pages only.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { GUARD } from '../../../shared/constants.ts';
import { UI_TEXT } from '../../../shared/messages.ts';
import { guardDecision, isAppRoute, isPublicRoute } from '../../../shared/roles.ts';
import { config, isProductionApp } from '../../app/config.ts';
import { Loading } from '../../components/ui/loading.tsx';
import { sleep } from '../../lib/api.ts';
import { useAuth } from './AuthProvider.tsx';
import { clearStoredAuth } from './storage.ts';

const TWO_FACTOR_SETUP_PATH = '/settings';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { status, user, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [secondCheck, setSecondCheck] = useState<'idle' | 'running' | 'done'>('idle');

  const unknownPath = !isAppRoute(location.pathname, { dev: config.appEnv === 'development' });

  // While loading: after three 3 s time-outs, clear stored auth and start again at /login (not from the
  // not-found page, which never redirects).
  useEffect(() => {
    if (status !== 'loading' || unknownPath) return;
    let timeouts = 0;
    const timer = setInterval(() => {
      timeouts += 1;
      if (timeouts >= GUARD.maxTimeouts) {
        clearInterval(timer);
        clearStoredAuth();
        navigate('/login?clear_auth=true', { replace: true });
      }
    }, GUARD.loadTimeoutMs);
    return () => clearInterval(timer);
  }, [status, navigate, unknownPath]);

  // No user on a guarded page: one more session check; if it finds one, wait 1 s for the state to settle.
  // (A public page or the not-found page shows either way, so a guest reading one costs no second request.)
  const onPublicPage = isPublicRoute(location.pathname) || unknownPath;
  useEffect(() => {
    if (onPublicPage || status !== 'unauthenticated' || secondCheck !== 'idle') return;
    setSecondCheck('running');
    refresh()
      .then(async (found) => {
        if (found) await sleep(GUARD.secondCheckWaitMs);
      })
      .catch(() => undefined)
      .finally(() => setSecondCheck('done'));
  }, [onPublicPage, status, secondCheck, refresh]);

  const path = location.pathname;
  if (onPublicPage || (!isProductionApp && path.startsWith('/dev/'))) return <>{children}</>;
  if (status === 'loading' || (status === 'unauthenticated' && secondCheck !== 'done')) {
    return <Loading fullScreen text={UI_TEXT.authenticating} />;
  }
  // A guest may open a few pages that are not public (issue 31: /book-ride, posting first).
  if (!user && guardDecision('guest', path).allow) return <>{children}</>;
  if (!user) return <Navigate to="/login" replace />;
  // An administrator's first stop is setting up two-factor sign-in (or, with it on, a session made with it):
  // the API refuses them everything else.
  if (user.role === 'admin' && !user.secondFactor && !user.isTest && path !== TWO_FACTOR_SETUP_PATH) {
    return <Navigate to={TWO_FACTOR_SETUP_PATH} replace />;
  }
  const decision = guardDecision(user.role, path);
  if (!decision.allow) return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
