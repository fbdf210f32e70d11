/**
 * What a guest has typed on /book-ride, kept in sessionStorage (issue 31): a reload, the sign-up step or a
 * look at another page loses nothing. Cleared once the trip is posted (it then lives on the server).
 */
import { emptyTrip, type TripFormValues } from './TripForm.tsx';

const TRIP_KEY = 'book-ride:trip';
const PERSON_KEY = 'book-ride:person';

export interface GuestPersonValues {
  fullName: string;
  email: string;
  phone: string;
}
export const emptyPerson: GuestPersonValues = { fullName: '', email: '', phone: '' };

function read<T extends object>(key: string, fallback: T): T {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return fallback;
    const parsed = JSON.parse(raw) as Partial<T>;
    if (typeof parsed !== 'object' || parsed === null) return fallback;
    return { ...fallback, ...parsed };
  } catch {
    // Storage off (private mode) or a value from an older form: start empty.
    return fallback;
  }
}

function write(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or off: the form still works, it just does not survive a reload.
  }
}

export const readTripDraft = (): TripFormValues => {
  const v = read<TripFormValues>(TRIP_KEY, emptyTrip);
  return { ...v, needs: { ...emptyTrip.needs, ...v.needs } };
};
export const saveTripDraft = (v: TripFormValues) => write(TRIP_KEY, v);
export const readPersonDraft = (): GuestPersonValues => read(PERSON_KEY, emptyPerson);
export const savePersonDraft = (v: GuestPersonValues) => write(PERSON_KEY, v);

export function clearDrafts() {
  try {
    sessionStorage.removeItem(TRIP_KEY);
    sessionStorage.removeItem(PERSON_KEY);
  } catch {
    // Nothing stored.
  }
}
