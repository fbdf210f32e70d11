/**
 * POST /api/sms/inbound: the provider's webhook for replies to our texts (issue 30). Twilio signs each call
 * (X-Twilio-Signature, services/sms.ts); a wrong or missing signature is 403 and changes nothing. A reply
 * of STOP (or STOPALL, UNSUBSCRIBE, CANCEL, END, QUIT) stops every text to that number until it replies
 * START (or UNSTOP); anything else is ignored. The answer is an empty TwiML document: Twilio's own
 * opt-out handling sends the confirmation.
 *
 * No session and no origin check apply: the caller is the provider, which sends no cookie and no Origin.
 * Without Twilio configured there is nothing to verify a call with, so the route is not there (404).
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { smsOptOuts } from '../../db/schema/index.ts';
import type { AppBindings, Deps } from '../../http/context.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { isValidTwilioSignature, smsNumber } from '../../services/sms.ts';

const STOP_WORDS = new Set(['STOP', 'STOPALL', 'UNSUBSCRIBE', 'CANCEL', 'END', 'QUIT']);
const START_WORDS = new Set(['START', 'UNSTOP']);

const EMPTY_TWIML = '<?xml version="1.0" encoding="UTF-8"?><Response/>';

/** The keyword a reply is, if it is one: the whole message, any case, without surrounding punctuation. */
export function replyKeyword(body: string): 'stop' | 'start' | null {
  const word = body
    .trim()
    .toUpperCase()
    .replace(/^[^A-Z]+|[^A-Z]+$/g, '');
  if (STOP_WORDS.has(word)) return 'stop';
  if (START_WORDS.has(word)) return 'start';
  return null;
}

export function smsRoutes(deps: Deps) {
  const app = new Hono<AppBindings>();
  const token = deps.env.SMS_PROVIDER === 'twilio' ? deps.env.TWILIO_AUTH_TOKEN : undefined;

  app.post('/inbound', async (c) => {
    if (!token) throw notFound();
    const raw = await c.req.text();
    const params: [string, string][] = [...new URLSearchParams(raw)];
    // Twilio signs the address it called: the public one (APP_URL), whatever proxy is in between.
    const url = `${deps.env.APP_URL}${new URL(c.req.url).pathname}${new URL(c.req.url).search}`;
    if (!isValidTwilioSignature(token, url, params, c.req.header('x-twilio-signature'))) {
      throw new AppError(403, 'forbidden', 'Invalid Twilio signature.');
    }
    const field = (name: string) => params.find(([k]) => k === name)?.[1] ?? '';
    const from = smsNumber(field('From'));
    const keyword = replyKeyword(field('Body'));
    if (from && keyword === 'stop') {
      await deps.db.insert(smsOptOuts).values({ phone: from }).onConflictDoNothing();
      console.log(`sms: ${from.slice(0, -3)}*** replied STOP; no more texts to it`);
    } else if (from && keyword === 'start') {
      await deps.db.delete(smsOptOuts).where(eq(smsOptOuts.phone, from));
      console.log(`sms: ${from.slice(0, -3)}*** replied START; texts resume`);
    }
    return c.body(EMPTY_TWIML, 200, {
      'Content-Type': 'text/xml; charset=utf-8',
      'Cache-Control': 'no-store',
    });
  });

  return app;
}
