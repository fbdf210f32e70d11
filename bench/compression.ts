/**
 * Compressing a dynamic answer (issue 17: "measure gzip vs brotli level for dynamic responses"): the CPU
 * time and size of each encoding and level on typical bodies, in this process, 300 rounds each after a
 * warm-up. Also the middleware the server uses today (hono/compress: CompressionStream, gzip at zlib's
 * default level) on the same bodies.
 *
 *   npx tsx bench/compression.ts
 *
 * Bodies: a board page like bench/http.ts's (20 trips, about 18 KB of JSON), a notifications list (60
 * items), a small answer (/api/session), and the server-rendered home page.
 */
import { performance } from 'node:perf_hooks';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const ROUNDS = 300;

function boardPage(): string {
  const items = Array.from({ length: 20 }, (_, i) => ({
    id: crypto.randomUUID(),
    customerId: crypto.randomUUID(),
    customerFirstName: 'Seed',
    customerRating: { average: 4.7, count: 12 },
    status: 'open',
    pickup: { locality: 'Nelson Bay', postcode: '2315', address: '', lat: -32.72 + i / 1000, lng: 152.14 },
    destination: { locality: 'Williamtown', postcode: '2318', address: '', lat: -32.795, lng: 151.834 },
    pickupAt: new Date(Date.now() + i * 3_600_000).toISOString(),
    pickupDate: '2026-12-03',
    pickupTime: '09:30',
    passengers: 1 + (i % 12),
    luggageBags: i % 4,
    largeItems: [],
    budgetCents: 5000 + i * 100,
    notes: i % 3 === 0 ? 'Two surfboards and a dog, please call on arrival.' : '',
    flightNumber: i % 4 === 0 ? 'QF1234' : '',
    needs: {
      infantSeats: 0,
      childSeats: 0,
      boosterSeats: 0,
      wheelchair: 'none',
      pram: false,
      surfboards: 0,
      bikes: 0,
      pets: false,
    },
    distanceKm: 25.4 + i,
    estimatedFareCents: 9000 + i * 250,
    version: 1,
    liveQuoteCount: i % 4,
    bookingId: null,
    returnRideId: null,
    otherLeg: null,
    myQuote: null,
    canServe: true,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  }));
  return JSON.stringify({ items, nextCursor: 'MjAyNi0xMi0wM1QwOTozMDowMC4wMDBafDEyMw' });
}

function notifications(): string {
  const items = Array.from({ length: 60 }, (_, i) => ({
    id: crypto.randomUUID(),
    type: 'new_ride',
    title: 'New trip request',
    message: `A new trip from Nelson Bay to Williamtown on Thu 3 Dec, 9:30 am for ${1 + (i % 5)} passengers.`,
    relatedId: crypto.randomUUID(),
    isRead: i % 3 === 0,
    createdAt: new Date(Date.now() - i * 60_000).toISOString(),
    href: `/available-rides#ride-${i}`,
  }));
  return JSON.stringify({ items, unread: 40 });
}

const session = JSON.stringify({
  user: { id: crypto.randomUUID(), email: 'dana@example.com', fullName: 'Dana Driver', userType: 'driver' },
  permissions: ['view_ride_requests', 'submit_quotes', 'view_bookings'],
});

async function viaCompressionStream(body: string): Promise<number> {
  const stream = new Blob([body]).stream().pipeThrough(new CompressionStream('gzip'));
  return (await new Response(stream).arrayBuffer()).byteLength;
}

async function time(fn: () => number | Promise<number>): Promise<{ ms: number; bytes: number }> {
  for (let i = 0; i < 30; i++) await fn();
  let bytes = 0;
  const t = performance.now();
  for (let i = 0; i < ROUNDS; i++) bytes = await fn();
  return { ms: (performance.now() - t) / ROUNDS, bytes };
}

const home = await fetch(process.argv[2] ?? 'http://127.0.0.1:3000/')
  .then((r) => r.text())
  .catch(() => null);
const bodies: [string, string][] = [
  ['board page (20 trips)', boardPage()],
  ['notifications (60)', notifications()],
  ['/api/session', session],
  ...(home ? ([['home page HTML', home]] as [string, string][]) : []),
];
const methods: [string, (b: string) => number | Promise<number>][] = [
  ['none', (b) => Buffer.byteLength(b)],
  ['hono/compress (CompressionStream gzip)', viaCompressionStream],
  ['gzip level 1', (b) => gzipSync(b, { level: 1 }).length],
  ['gzip level 4', (b) => gzipSync(b, { level: 4 }).length],
  ['gzip level 6 (zlib default)', (b) => gzipSync(b, { level: 6 }).length],
  [
    'brotli quality 1',
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } }).length,
  ],
  [
    'brotli quality 4',
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
  ],
  [
    'brotli quality 5',
    (b) => brotliCompressSync(b, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }).length,
  ],
  ['brotli quality 11 (default)', (b) => brotliCompressSync(b).length],
];
console.log('| body | encoding | bytes | ms per answer |\n|---|---|---|---|');
for (const [name, body] of bodies) {
  for (const [method, fn] of methods) {
    const r = await time(() => fn(body));
    console.log(`| ${name} | ${method} | ${r.bytes.toLocaleString('en-AU')} | ${r.ms.toFixed(3)} |`);
  }
}
