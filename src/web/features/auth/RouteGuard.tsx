/**
 * The route guard of SPEC §2.3, for the user's convenience only: the API checks every call itself.
 */
import { type ReactNode, useEffect, useState } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { GUARD } from '../../../shared/constants.ts';
import { UI_TEXT } from '../../../shared/messages.ts';
import { guardDecision, isPublicRoute } from '../../../shared/roles.ts';
import { isProductionApp } from '../../app/config.ts';
import { Loading } from '../../components/ui/loading.tsx';
import { sleep } from '../../lib/api.ts';
import { useAuth } from './AuthProvider.tsx';
import { clearStoredAuth } from './storage.ts';

export function RouteGuard({ children }: { children: ReactNode }) {
  const { status, user, refresh } = useAuth();
  const location = useLocation();
  const navigate = useNavigate();
  const [secondCheck, setSecondCheck] = useState<'idle' | 'running' | 'done'>('idle');

  // While loading: after three 3 s time-outs, clear stored auth and start again at /login.
  useEffect(() => {
    if (status !== 'loading') return;
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
  }, [status, navigate]);

  // No user on a guarded page: one more session check; if it finds one, wait 1 s for the state to settle.
  // (A public page shows either way, so a guest reading one costs no second request.)
  const onPublicPage = isPublicRoute(location.pathname);
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
  if (isPublicRoute(path) || (!isProductionApp && path.startsWith('/dev/'))) return <>{children}</>;
  if (status === 'loading' || (status === 'unauthenticated' && secondCheck !== 'done')) {
    return <Loading fullScreen text={UI_TEXT.authenticating} />;
  }
  if (!user) return <Navigate to="/login" replace />;
  const decision = guardDecision(user.role, path);
  if (!decision.allow) return <Navigate to={decision.to} replace />;
  return <>{children}</>;
}
