/**
 * /api/quotes: drivers submit, change, withdraw and confirm their quotes; the customer compares the quotes
 * of a request and accepts one, which creates the booking.
 */
import { Hono } from 'hono';
import { acceptQuoteSchema } from '../../../shared/marketplace/booking.ts';
import { API_MESSAGES } from '../../../shared/messages.ts';
import { noteBodySchema } from '../../http/body-schemas.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, parseBody, validationError } from '../../http/errors.ts';
import { floodLimit, requirePermission, requireUser } from '../../http/middleware.ts';
import { acceptedAnswer, acceptQuote } from './accept.ts';
import { askAgain } from './ask-again.ts';
import { confirmQuote, confirmQuoteSchema } from './confirm.ts';
import { listMyQuotes, listRideQuotes } from './read.ts';
import { renewQuote, renewQuoteSchema } from './renew.ts';
import { submitQuote } from './submit.ts';
import { submitQuoteSchema } from './submit-input.ts';
import { withdrawQuote } from './withdraw.ts';

export function quoteRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  app.use('*', requireUser);
  app.use('*', async (c, next) => {
    c.header('Cache-Control', 'no-store');
    await next();
  });

  /**
   * Create the driver's quote for a request, or change their live one. 201 created, 200 changed. With
   * `pair: true`, one price for both legs of a return trip: { quote, otherLegQuote }.
   */
  app.post('/', requirePermission('submit_quotes'), floodLimit(deps, 'quotes'), async (c) => {
    const input = await parseBody(c, submitQuoteSchema);
    const { quote, otherLegQuote, created } = await submitQuote(deps.db, c.get('user')!, input);
    return c.json(otherLegQuote ? { quote, otherLegQuote } : { quote }, created ? 201 : 200);
  });

  app.get('/mine', requirePermission('submit_quotes'), async (c) => {
    return c.json({ items: await listMyQuotes(deps.db, c.get('user')!) });
  });

  /** ?rideId= : the quotes of one request, for its customer (or an admin). */
  app.get('/', async (c) => {
    const items = await listRideQuotes(deps.db, c.get('user')!, c.req.query('rideId') ?? '');
    return c.json({ items });
  });

  app.post('/:id/withdraw', requirePermission('submit_quotes'), async (c) => {
    return c.json({ quote: await withdrawQuote(deps.db, c.get('user')!, c.req.param('id')) });
  });

  app.post('/:id/confirm', requirePermission('submit_quotes'), async (c) => {
    // An empty body confirms the quote as it is.
    noteBodySchema(c, confirmQuoteSchema);
    const parsed = confirmQuoteSchema.safeParse(optionalJson(await c.req.text()));
    if (!parsed.success) throw validationError(parsed.error);
    return c.json({ quote: await confirmQuote(deps.db, c.get('user')!, c.req.param('id'), parsed.data) });
  });

  /** Issue 31: the driver renews their quote with one tap (an empty body, or { validForHours }). */
  app.post('/:id/renew', requirePermission('submit_quotes'), async (c) => {
    noteBodySchema(c, renewQuoteSchema);
    const input = renewQuoteSchema.safeParse(optionalJson(await c.req.text()));
    if (!input.success) throw validationError(input.error);
    return c.json({ quote: await renewQuote(deps.db, c.get('user')!, c.req.param('id'), input.data) });
  });

  /** Issue 31: the customer asks the driver of a lapsed quote to quote again (once per quote). */
  app.post('/:id/ask-again', requirePermission('book_rides'), async (c) => {
    return c.json({ quote: await askAgain(deps.db, c.get('user')!, c.req.param('id')) });
  });

  app.post('/:id/accept', requirePermission('book_rides'), async (c) => {
    const input = await parseBody(c, acceptQuoteSchema);
    const user = c.get('user')!;
    const { bookingId, created, answer } = await acceptQuote(
      deps.db,
      user,
      c.req.param('id'),
      input,
      deps.env.BRAND_NAME,
    );
    // 200: the quote was already accepted into this customer's booking (a retry); nothing new was made.
    // A return-pair quote answers both bookings: { booking, pairBooking }.
    // A new booking's answer comes from its own transaction (AcceptResult.answer): it is never lost to load.
    return c.json(answer ?? (await acceptedAnswer(deps.db, user, bookingId)), created ? 201 : 200);
  });

  return app;
}

/** A body that may be empty ({}), else JSON: anything else is a 400. */
function optionalJson(text: string): unknown {
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError(400, 'validation', API_MESSAGES.validation);
  }
}
