/**
 * /api/rides: trip requests.
 *
 *   POST   /                 customer posts a request (and its return leg)  -> 201 { ride, returnRide }
 *   POST   /guest            a guest posts a draft and gives name, e-mail, mobile -> 202 (guest-post.ts)
 *   GET    /guest/activate   the guest's e-mail link lands here signed in: drafts go live, off to the trip
 *   GET    /                 the customer's own requests                    -> { items }
 *   GET    /available        drivers: open requests, filtered, keyset-paged -> Page<RideDto & { myQuote }>
 *   GET    /:id              owner, admin, or a driver (see readRide)       -> { ride }
 *   GET    /:id/matches      owner or admin: how many drivers match          -> { count }
 *   PATCH  /:id              owner, while open                               -> { ride }
 *   POST   /:id/cancel       owner, while open; {reason, bothLegs?} (a return trip's other leg too) -> { ride }
 *
 * A request that is not the caller's, or an id that is not a uuid, reads as 404.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { GUEST_POST_MESSAGES } from '../../../shared/marketplace/guest-post-messages.ts';
import { AUTH_ERRORS } from '../../../shared/messages.ts';
import { guestPostSchema } from '../../../shared/validation/guest-post.ts';
import {
  availableRidesQuerySchema,
  cancelRideInputSchema,
  rideEditSchema,
  rideRequestSchema,
} from '../../../shared/validation/marketplace.ts';
import { authHeaders } from '../../auth/forward.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import { COMPRESS_THRESHOLD_BYTES, chooseEncoding } from '../../http/compress.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound, parseBody, validationError } from '../../http/errors.ts';
import { floodLimit, rateLimit, requirePermission, requireUser } from '../../http/middleware.ts';
import { activateDrafts } from './activate-drafts.ts';
import { BoardCache } from './board-cache.ts';
import { cancelRide } from './cancel.ts';
import { createRide } from './create.ts';
import { editRide } from './edit.ts';
import { postAsGuest } from './guest-post.ts';
import { countMatches, listMyRides, readRide } from './read.ts';

const uuid = z.uuid();

/** The :id parameter as a uuid; anything else is a record that does not exist. */
function rideId(raw: string | undefined): string {
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function rideRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  // The board from memory (issue 34): kept only once this instance hears about changes.
  const board = new BoardCache();
  void board.listen(deps.listen);

  app.post('/', requirePermission('create_ride_requests'), floodLimit(deps, 'trips'), async (c) => {
    const input = await parseBody(
      c,
      rideRequestSchema(() => new Date()),
    );
    const result = await createRide(db, c.get('user')!.id, input);
    return c.json(result, 201);
  });

  // A guest's post makes an account, so it has sign-up's rate limit (20 an hour from one address).
  app.post(
    '/guest',
    rateLimit(
      deps,
      'signup',
      { max: 20, windowMs: 60 * 60_000 },
      () => new AppError(429, 'auth/rate-limit', AUTH_ERRORS['auth/rate-limit']),
    ),
    async (c) => {
      // Noted before the signed-in check, so the fuzz test knows the body (body-schemas.ts).
      noteBodySchema(c, guestPostSchema());
      if (c.get('user')) throw new AppError(409, 'conflict', GUEST_POST_MESSAGES.signedIn);
      const input = await parseBody(
        c,
        guestPostSchema(() => new Date()),
      );
      await postAsGuest(deps, input, authHeaders(c.req.raw, c.get('ip')));
      return c.json({ confirmationRequired: true, message: GUEST_POST_MESSAGES.checkEmail }, 202);
    },
  );

  // Reached by the redirect of the e-mail's one-time link, which has just signed the guest in.
  app.get('/guest/activate', async (c) => {
    const user = c.get('user');
    if (!user) return c.redirect('/login?magic_link=failed', 302);
    await activateDrafts(db, user.id);
    const ride = uuid.safeParse(c.req.query('ride'));
    return c.redirect(ride.success ? `/driver-matching/${ride.data}` : '/dashboard', 302);
  });

  app.get('/', requirePermission('create_ride_requests'), async (c) => {
    const items = await listMyRides(db, c.get('user')!.id);
    c.header('Cache-Control', 'no-store');
    return c.json({ items });
  });

  // Before /:id, or "available" would be taken for an id.
  app.get('/available', requirePermission('view_ride_requests'), async (c) => {
    const parsed = availableRidesQuerySchema.safeParse(c.req.query());
    if (!parsed.success) throw validationError(parsed.error);
    const user = c.get('user')!;
    const answer = await board.answer(db, { id: user.id, role: user.role }, parsed.data);
    c.header('Cache-Control', 'no-store');
    // Sent as kept: compressed once per encoding here, so compressAnswers leaves it alone.
    const encoding =
      answer.json.byteLength >= COMPRESS_THRESHOLD_BYTES
        ? chooseEncoding(c.req.header('Accept-Encoding'))
        : null;
    c.header('Content-Type', 'application/json');
    if (!encoding) return c.body(answer.json as Uint8Array<ArrayBuffer>);
    c.header('Vary', 'Accept-Encoding', { append: true });
    c.header('Content-Encoding', encoding);
    return c.body(board.encoded(answer, encoding) as Uint8Array<ArrayBuffer>);
  });

  app.get('/:id', requireUser, async (c) => {
    const user = c.get('user')!;
    const ride = await readRide(db, { id: user.id, role: user.role }, rideId(c.req.param('id')));
    if (!ride) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ ride });
  });

  app.get('/:id/matches', requireUser, async (c) => {
    const user = c.get('user')!;
    const count = await countMatches(db, { id: user.id, role: user.role }, rideId(c.req.param('id')));
    if (count === null) throw notFound();
    c.header('Cache-Control', 'no-store');
    return c.json({ count });
  });

  app.patch('/:id', requirePermission('create_ride_requests'), async (c) => {
    const id = rideId(c.req.param('id'));
    const input = await parseBody(
      c,
      rideEditSchema(() => new Date()),
    );
    const ride = await editRide(db, c.get('user')!.id, id, input);
    return c.json({ ride });
  });

  app.post('/:id/cancel', requirePermission('create_ride_requests'), async (c) => {
    const id = rideId(c.req.param('id'));
    const { reason, bothLegs } = await parseBody(c, cancelRideInputSchema);
    const ride = await cancelRide(db, c.get('user')!.id, id, reason, bothLegs);
    return c.json({ ride });
  });

  return app;
}
