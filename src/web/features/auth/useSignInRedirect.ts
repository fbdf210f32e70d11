/**
 * After a successful sign-in (SPEC §4): verify the session up to 5 times (200 ms x attempt between
 * tries), pause 300 ms, then go to the target replacing history; if it cannot be verified, go plainly
 * to /dashboard. Only one redirect runs at a time.
 */
import { useCallback, useRef } from 'react';
import { useNavigate } from 'react-router';
import { SESSION } from '../../../shared/constants.ts';
import { sleep } from '../../lib/api.ts';
import { useAuth } from './AuthProvider.tsx';

export function useSignInRedirect() {
  const { refresh } = useAuth();
  const navigate = useNavigate();
  const running = useRef(false);
  return useCallback(
    async (target = '/dashboard') => {
      if (running.current) return;
      running.current = true;
      try {
        for (let attempt = 1; attempt <= SESSION.verifyAttempts; attempt++) {
          const user = await refresh().catch(() => null);
          if (user && !user.isTest) {
            await sleep(SESSION.verifyPauseMs);
            navigate(target, { replace: true });
            return;
          }
          await sleep(SESSION.verifyStepMs * attempt);
        }
        navigate('/dashboard');
      } finally {
        running.current = false;
      }
    },
    [refresh, navigate],
  );
}
