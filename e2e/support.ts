/** Helpers for the journeys: accounts are made through the real API and confirmed through the real mailbox. */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { type APIRequestContext, expect, type Page, request as playwrightRequest } from '@playwright/test';

export const E2E_ADMIN = { email: 'admin@e2e.test', password: 'admin-e2e-password-1', name: 'Ada Admin' };

/**
 * The administrator's signed-in browser state, made once by admin-session.setup.ts: an administrator needs
 * two-factor sign-in, and an authenticator code works once, so the journeys share that one session instead
 * of each signing in with a code.
 */
export const E2E_ADMIN_STATE = path.join(process.env.E2E_DATA_DIR ?? '.', 'admin-state.json');

interface StoredState {
  cookies: Parameters<ReturnType<Page['context']>['addCookies']>[0];
}

/** Signs `page`'s browser in as the e2e administrator (the shared session above). */
export async function signInAsAdmin(page: Page) {
  const state = JSON.parse(readFileSync(E2E_ADMIN_STATE, 'utf8')) as StoredState;
  await page.context().addCookies(state.cookies);
}

/** An API client signed in as the e2e administrator; dispose of it at the end. */
export function adminRequest(baseURL: string) {
  return playwrightRequest.newContext({ baseURL, storageState: E2E_ADMIN_STATE });
}
export const PASSWORD = 'a-sturdy-passphrase-7';

/** A made-up client address for one fixture call (the e2e server trusts X-Forwarded-For). */
export function fixtureAddress() {
  // Documentation ranges (RFC 5737): only ever a header value, never an address anything is sent to.
  const nets = ['192.0.2', '198.51.100', '203.0.113'];
  const net = nets[Math.floor(Math.random() * nets.length)];
  return { 'x-forwarded-for': `${net}.${Math.floor(Math.random() * 254) + 1}` };
}

let counter = 0;
export function uniqueEmail(prefix: string) {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${process.pid}-${counter}@e2e.test`.toLowerCase();
}

interface MailRow {
  to: string;
  subject: string;
  text: string;
  kind: string;
}

export async function latestMail(request: APIRequestContext, to: string, kind: string): Promise<MailRow> {
  let found: MailRow | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const body = (await res.json()) as { messages: MailRow[] };
      found = body.messages.find((m) => m.kind === kind);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export function linkIn(text: string): string {
  const match = text.match(/https?:\/\/\S+/);
  if (!match) throw new Error(`no link in: ${text}`);
  return match[0];
}

/** The vehicle a verified journey driver has, as the journeys' assertions read it. */
export const E2E_VEHICLE = { make: 'Toyota', model: 'HiAce', colour: 'White', plate: 'PS12AB' } as const;

/**
 * A confirmed account. A driver is also verified (issue 13: business details, a 10-seat vehicle, current
 * documents, approved) through the development helper, unless `verified: false`: the journeys about
 * quoting need a driver who may quote; onboarding has its own journey.
 */
export async function createConfirmedUser(
  request: APIRequestContext,
  userType: 'customer' | 'driver',
  overrides: Partial<{
    email: string;
    fullName: string;
    phone: string;
    verified: boolean;
    seats: number;
    plate: string;
  }> = {},
) {
  const email = overrides.email ?? uniqueEmail(userType);
  const body: Record<string, string> = {
    fullName: overrides.fullName ?? (userType === 'driver' ? 'Dana Driver' : 'Casey Customer'),
    email,
    password: PASSWORD,
    userType,
    // A mobile number is required at sign-up.
    phone: overrides.phone ?? '0412 345 678',
  };
  if (userType === 'driver') {
    body.bspNumber = 'BSP-12345';
    body.companyName = 'Bay Shuttles';
  }
  const res = await request.post('/api/account/signup', { data: body, headers: fixtureAddress() });
  expect(res.status()).toBe(201);
  const { user } = (await res.json()) as { user: { id: string } };
  const mail = await latestMail(request, email, 'verify-email');
  const confirm = await request.get(linkIn(mail.text), { maxRedirects: 0 });
  expect([200, 302]).toContain(confirm.status());
  if (userType === 'driver' && overrides.verified !== false) {
    const verified = await request.post(`/api/dev/drivers/${user.id}/verify`, {
      data: {
        seats: overrides.seats ?? 10,
        luggageBags: 12,
        vehicle: { ...E2E_VEHICLE, plate: overrides.plate ?? E2E_VEHICLE.plate },
      },
    });
    expect(verified.status(), await verified.text()).toBe(200);
  }
  return { email, password: PASSWORD, userId: user.id };
}

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Signs in through the API inside the page's browser context (sets the session cookie). */
export async function signInQuickly(page: Page, email: string, password: string) {
  const res = await page.request.post('/api/account/sign-in', {
    data: { email, password },
    headers: fixtureAddress(),
  });
  expect(res.status()).toBe(200);
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** axe-core's violations on the page as it is now (the context needs bypassCSP to inject the script). */
export async function axeViolations(page: Page) {
  await page.addScriptTag({ content: axeSource });
  return page.evaluate(async () => {
    // biome-ignore lint/suspicious/noExplicitAny: axe is injected at run time
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map((v: { id: string; nodes: { target: string[] }[] }) => ({
      id: v.id,
      targets: v.nodes.map((n) => n.target.join(' ')),
    }));
  });
}
