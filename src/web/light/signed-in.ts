/**
 * Whether this browser is signed in, from the hints the app keeps (features/auth/storage.ts; the session
 * cookie itself is HttpOnly): a signed-in visitor's header is the app's (their pages, their avatar), so
 * the public pages start the app for them instead of the small scripts.
 */
import { local, STORAGE_KEYS } from '../features/auth/storage.ts';

export function signedInHint(): boolean {
  if (local.get(STORAGE_KEYS.signedIn)) return true;
  try {
    return sessionStorage.getItem('test_authenticated') === 'true';
  } catch {
    return false;
  }
}
