/**
 * POST /api/rides/guest (issue 31): a guest posts a trip and gives their name, e-mail and mobile in one
 * step. One transaction makes an unconfirmed customer account (no password: they sign in with e-mail links
 * until they set one) and the trip as a draft, which drivers never see; the e-mail's one-time link confirms
 * the address, signs them in and makes the drafts live (activate-drafts.ts).
 *
 * An address that already has an account gets the same answer in about the same time (issue 16: no account
 * enumeration): the same inserts are made and rolled back, nothing is attached to that account, and the
 * owner is told by e-mail, after the answer, to sign in.
 */
import { eq, sql } from 'drizzle-orm';
import { PASSWORD_RESET_LIMIT } from '../../../shared/constants.ts';
import type { GuestPost } from '../../../shared/validation/guest-post.ts';
import { signupTakenMail } from '../../auth/emails.ts';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';
import type { Deps } from '../../http/context.ts';
import { hitRateLimit } from '../../services/rate-limit.ts';
import { insertTripLegs } from './create.ts';
import { resolvePlace, tripSummary } from './rules.ts';

/** Where the e-mail's link lands once it has signed the guest in: the drafts go live there. */
export const activatePath = (rideId: string) => `/api/rides/guest/activate?ride=${rideId}`;

/** Thrown inside the transaction to undo it: the taken-address path does the same work as a new one. */
class RollBack extends Error {}

async function accountFor(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, email.toLowerCase()))
    .limit(1);
  return row?.id ?? null;
}

export async function postAsGuest(deps: Deps, input: GuestPost, headers: Headers): Promise<void> {
  const { db } = deps;
  // An unknown place is a 400 before anything is written.
  resolvePlace(input.trip.pickup, 'pickup');
  resolvePlace(input.trip.destination, 'destination');
  const email = input.person.email.toLowerCase();
  const owner = await accountFor(db, email);

  let posted: { rideId: string; summary: string } | null = null;
  try {
    posted = await db.transaction(async (t) => {
      const tx = t as unknown as Db;
      const [user] = await tx
        .insert(users)
        .values({
          // A taken address: a stand-in row that never commits (the unique index would refuse the real one).
          email: owner ? `taken-${crypto.randomUUID()}@invalid` : email,
          fullName: input.person.fullName,
          phone: input.person.phone,
          userType: 'customer',
          emailVerified: false,
        })
        .returning({ id: users.id });
      const { ride } = await insertTripLegs(tx, user!.id, input.trip, 'draft');
      if (owner) throw new RollBack();
      return { rideId: ride.id, summary: tripSummary(ride) };
    });
  } catch (err) {
    if (!(err instanceof RollBack)) {
      // Two posts for one new address at once: the unique index decides; the loser is answered alike.
      if (!(await accountFor(db, email))) throw err;
    }
  }

  deps.later.run('guest trip e-mail', async () => {
    if (posted) {
      await deps.auth.api.signInMagicLink({
        body: {
          email,
          callbackURL: activatePath(posted.rideId),
          errorCallbackURL: '/login?magic_link=failed',
          metadata: { purpose: 'guest-trip', trip: posted.summary },
        },
        headers,
      });
      return;
    }
    // The address has an account: its owner is told to sign in, at most 3 times an hour (as at sign-up).
    const limit = await hitRateLimit(db, `signup-taken:${email}`, PASSWORD_RESET_LIMIT);
    if (limit.allowed) await deps.mailer.send(signupTakenMail(deps.env, email));
  });
}
