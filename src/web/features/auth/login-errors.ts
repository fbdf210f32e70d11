/** What the sign-in page shows for an error (SPEC §8 "Sign-in page mapping"). */
import { AUTH_ERRORS, LOGIN_PAGE } from '../../../shared/messages.ts';
import { ApiError } from '../../lib/api.ts';

export function loginErrorMessage(err: unknown): string {
  if (!(err instanceof ApiError)) return LOGIN_PAGE.unexpected;
  switch (err.code) {
    case 'auth/invalid-credentials':
      return LOGIN_PAGE.invalidCredentials;
    case 'auth/email-not-confirmed':
      return LOGIN_PAGE.emailNotConfirmed;
    case 'timeout':
      return AUTH_ERRORS['auth/timeout'];
    case 'network':
      return AUTH_ERRORS['auth/network-error'];
    default:
      return err.message || LOGIN_PAGE.emptyServiceMessage;
  }
}
