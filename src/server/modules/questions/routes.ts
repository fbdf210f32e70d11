/**
 * Questions before booking (mounted at /api):
 *
 *   GET  /rides/:id/questions                       the thread: customer, admin, a driver who can see the trip
 *                                                    -> RideQuestionsDto
 *   POST /rides/:id/questions            {body}      a driver asks (trip open)      -> 201 { question }
 *   POST /rides/:id/questions/:qid/answer {body}     the customer answers, once     -> 201 { answer }
 *   GET  /ride-questions/counts?rideIds=a,b,...       questions and unanswered per trip (up to 50 ids)
 *                                                    -> QuestionCountsDto
 *   POST /quotes/:id/questions           {body}      issue 32: the trip's customer asks the quote's driver,
 *                                                    seen by the two of them only   -> 201 { question }
 *
 * The answer route serves both directions: the trip's customer answers drivers' questions, a driver the
 * customer's questions put to them (other drivers 403, as before).
 *
 * A trip the caller cannot see, or an id that is not a uuid, reads as 404; a closed thread is 409; over a
 * limit is 429 with Retry-After; bad input is 400 and changes nothing. Every route is per-route
 * middleware only: this app is mounted at /api and must not touch other paths.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { answerQuestionSchema, askQuestionSchema } from '../../../shared/validation/questions.ts';
import type { AppBindings, Deps, SessionUser } from '../../http/context.ts';
import { AppError, notFound, parseBody } from '../../http/errors.ts';
import { requirePermission, requireUser } from '../../http/middleware.ts';
import { answerQuestion, askAboutQuote, askQuestion, questionCounts, readThread } from './service.ts';

const uuid = z.uuid();
const MAX_COUNT_IDS = 50;

function idParam(raw: string | undefined): string {
  const parsed = uuid.safeParse(raw);
  if (!parsed.success) throw notFound();
  return parsed.data;
}

export function questionRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const { db } = deps;
  const viewerOf = (user: SessionUser) => ({ id: user.id, role: user.role });

  app.get('/rides/:id/questions', requireUser, async (c) => {
    const thread = await readThread(db, viewerOf(c.get('user')!), idParam(c.req.param('id')));
    c.header('Cache-Control', 'no-store');
    return c.json(thread);
  });

  app.post('/rides/:id/questions', requireUser, async (c) => {
    const rideId = idParam(c.req.param('id'));
    const input = await parseBody(c, askQuestionSchema);
    const question = await askQuestion(db, viewerOf(c.get('user')!), rideId, input);
    return c.json({ question }, 201);
  });

  app.post('/quotes/:id/questions', requirePermission('create_ride_requests'), async (c) => {
    const quoteId = idParam(c.req.param('id'));
    const input = await parseBody(c, askQuestionSchema);
    const question = await askAboutQuote(db, viewerOf(c.get('user')!), quoteId, input);
    return c.json({ question }, 201);
  });

  app.post(
    '/rides/:id/questions/:questionId/answer',
    // The customer, or the driver a customer's question was put to (issue 32): the service decides.
    requireUser,
    async (c) => {
      const rideId = idParam(c.req.param('id'));
      const questionId = idParam(c.req.param('questionId'));
      const input = await parseBody(c, answerQuestionSchema);
      const answer = await answerQuestion(db, viewerOf(c.get('user')!), rideId, questionId, input);
      return c.json({ answer }, 201);
    },
  );

  app.get('/ride-questions/counts', requireUser, async (c) => {
    const raw = (c.req.query('rideIds') ?? '').split(',').filter(Boolean);
    if (raw.length > MAX_COUNT_IDS) {
      const message = `Ask for at most ${MAX_COUNT_IDS} trips at a time.`;
      throw new AppError(400, 'validation', message, [{ path: 'rideIds', message }]);
    }
    // Ids that are not uuids name no trip: they are left out, like trips the caller cannot see.
    const ids = [...new Set(raw.filter((id) => uuid.safeParse(id).success))];
    c.header('Cache-Control', 'no-store');
    return c.json(await questionCounts(db, viewerOf(c.get('user')!), ids));
  });

  return app;
}
