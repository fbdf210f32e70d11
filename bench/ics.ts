/**
 * The calendar file's cost (issue 34): milliseconds of CPU per booking's .ics, over the unit tests' bookings.
 * `npx tsx bench/ics.ts` in a checkout; run it in a checkout of an older commit for the before figure.
 */
import { bookingCalendar } from '../src/server/services/ics.ts';
import { CALENDAR_CASES } from '../tests/unit/fixtures/calendar-cases.ts';

const opts = { brandName: 'ShuttleQuote', appUrl: 'https://app.example.test/' };
const bookings = Object.values(CALENDAR_CASES);
const ROUNDS = Number(process.env.ROUNDS ?? 2_000);

for (let i = 0; i < 200; i++) for (const b of bookings) bookingCalendar(b, opts); // warm up
const start = process.cpuUsage();
for (let i = 0; i < ROUNDS; i++) for (const b of bookings) bookingCalendar(b, opts);
const used = process.cpuUsage(start);
const files = ROUNDS * bookings.length;
console.log(
  `${files} calendar files: ${((used.user + used.system) / 1000 / files).toFixed(4)} ms of CPU each`,
);
