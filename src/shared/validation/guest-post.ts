/**
 * Posting a trip without an account (issue 31): the trip (the same rules as a signed-in post) and the
 * person's name, e-mail and mobile, checked alike in the browser and by POST /api/rides/guest.
 */

import { VALIDATION } from '../messages.ts';
import { emailField, fullNameField } from './auth.ts';
import { rideRequestSchema } from './marketplace.ts';
import { phoneField } from './phone.ts';
import { z } from './z.ts';

/** Who is posting: the account made for them has these, and no password until they set one. */
export const guestPersonSchema = z.object({
  fullName: fullNameField(VALIDATION.fullNameRequired),
  email: emailField,
  /** A mobile number, required as at sign-up: the driver calls it on the day. */
  phone: phoneField,
});
export type GuestPerson = z.output<typeof guestPersonSchema>;

export function guestPostSchema(now: () => Date = () => new Date()) {
  return z.object({ trip: rideRequestSchema(now), person: guestPersonSchema });
}
export type GuestPost = z.output<ReturnType<typeof guestPostSchema>>;
