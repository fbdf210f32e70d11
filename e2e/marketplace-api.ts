/**
 * Set-up steps the marketplace journeys share, done through the API so each test spends its time on what
 * it checks: a signed-in browser context, a posted trip, a quote.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { utcToSydney } from '../src/shared/marketplace/time.ts';
import { E2E_ADMIN, signInAsAdmin, signInQuickly } from './support.ts';

export interface Account {
  email: string;
  password: string;
}

/**
 * A browser context signed in as `who`: a 390 px phone (mobile, touch) below 500 px, else a desktop. The e2e
 * administrator gets the shared two-factor session (support.ts).
 */
export async function signedInAt(browser: Browser, who: Account, width = 1280) {
  const phone = width < 500;
  const ctx = await browser.newContext({
    viewport: { width, height: phone ? 844 : 900 },
    ...(phone ? { isMobile: true, hasTouch: true } : {}),
    bypassCSP: true,
  });
  const page = await ctx.newPage();
  if (who.email === E2E_ADMIN.email) await signInAsAdmin(page);
  else await signInQuickly(page, who.email, who.password);
  return { ctx, page };
}

/** A trip `hoursAhead` from now, Nelson Bay to the airport, for 2 passengers with 2 bags; its id. */
export async function postTripViaApi(
  page: Page,
  opts: {
    hoursAhead?: number;
    address?: string;
    /** Another route than Nelson Bay to Williamtown: a journey whose figures no other journey may change. */
    from?: { locality: string; postcode: string };
    to?: { locality: string; postcode: string };
  } = {},
) {
  const at = utcToSydney(new Date(Date.now() + (opts.hoursAhead ?? 72) * 3_600_000));
  const res = await page.request.post('/api/rides', {
    data: {
      pickup: { ...(opts.from ?? { locality: 'NELSON BAY', postcode: '2315' }), address: opts.address ?? '' },
      destination: { ...(opts.to ?? { locality: 'WILLIAMTOWN', postcode: '2318' }), address: '' },
      date: at.date,
      time: at.time,
      passengers: 2,
      luggageBags: 2,
      budget: 150,
    },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { ride: { id: string } }).ride.id;
}

/** The signed-in driver quotes `price` AUD for the trip; the quote's id. */
export async function quoteViaApi(page: Page, rideId: string, price: number) {
  // The quote names the driver's one vehicle by default (issue 13).
  const res = await page.request.post('/api/quotes', {
    data: { rideId, price, message: 'Door to door, bags included.' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { quote: { id: string } }).quote.id;
}

/**
 * A complete business profile for PUT /api/drivers/me, as a verified journey driver has it (the ABN and
 * BSP number they were verified with, base Nelson Bay), with every day and hour available.
 */
export function driverProfileBody(overrides: Record<string, unknown> = {}) {
  return {
    companyName: 'Bay Shuttles',
    bspNumber: 'BSP-12345',
    abn: '51824753556',
    businessPhone: '0412 345 678',
    base: { locality: 'Nelson Bay', postcode: '2315' },
    serviceRadiusKm: 100,
    availability: {
      days: ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'],
      hours: { start: '00:00', end: '23:59' },
    },
    ...overrides,
  };
}

/** The signed-in customer accepts the quote at its price; the new booking's id. */
export async function acceptViaApi(page: Page, quoteId: string): Promise<string> {
  const res = await page.request.post(`/api/quotes/${quoteId}/accept`, { data: { acceptFare: true } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { booking: { id: string } }).booking.id;
}
