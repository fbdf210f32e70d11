import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { NEEDS_MESSAGES, NO_NEEDS } from '../../src/shared/marketplace/needs.ts';
import { driverProfileSchema } from '../../src/shared/validation/driver-business.ts';
import {
  availableRidesQuerySchema,
  MARKETPLACE_MESSAGES,
  rideEditSchema,
  rideRequestSchema,
} from '../../src/shared/validation/marketplace.ts';

/** "Now" for these tests: Sunday 21 March 2027, 10:00 in Sydney (AEDT). */
const NOW = new Date('2027-03-20T23:00:00Z');
const schema = rideRequestSchema(() => NOW);

const valid = {
  pickup: { locality: 'Nelson Bay', postcode: '2315', address: '12 Stockton Street' },
  destination: { locality: 'Williamtown', postcode: '2318' },
  date: '2027-03-22',
  time: '09:30',
  passengers: 2,
  budget: 80,
};

function issues(s: z.ZodType, input: unknown) {
  const result = s.safeParse(input);
  if (result.success) throw new Error(`Expected ${JSON.stringify(input)} to be rejected`);
  return result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('rideRequestSchema', () => {
  it('accepts a valid request and fills the defaults', () => {
    const out = schema.parse(valid);
    expect(out).toEqual({
      ...valid,
      pickup: { ...valid.pickup },
      destination: { ...valid.destination, address: '' },
      luggageBags: 0,
      largeItems: [],
      notes: '',
      flightNumber: '',
      needs: NO_NEEDS,
      returnTrip: null,
    });
  });

  it('coerces form strings, dedupes large items, upper-cases the flight', () => {
    const out = schema.parse({
      ...valid,
      passengers: '3',
      budget: '82.50',
      luggageBags: '4',
      largeItems: ['bike', 'bike', 'surfboard'],
      flightNumber: ' qf1504 ',
    });
    expect(out).toMatchObject({
      passengers: 3,
      budget: 82.5,
      luggageBags: 4,
      largeItems: ['bike', 'surfboard'],
      flightNumber: 'QF1504',
    });
  });

  it.each([
    ['the same place twice', { destination: valid.pickup }, 'destination', MARKETPLACE_MESSAGES.samePlace],
    ['no pickup', { pickup: undefined }, 'pickup', MARKETPLACE_MESSAGES.pickupRequired],
    [
      'a pickup without postcode',
      { pickup: { locality: 'Nelson Bay' } },
      'pickup.postcode',
      MARKETPLACE_MESSAGES.pickupRequired,
    ],
    [
      'a blank destination',
      { destination: { locality: ' ', postcode: '2318' } },
      'destination.locality',
      MARKETPLACE_MESSAGES.destinationRequired,
    ],
    ['no date', { date: '' }, 'date', MARKETPLACE_MESSAGES.dateRequired],
    ['no time', { time: undefined }, 'time', MARKETPLACE_MESSAGES.timeRequired],
    ['1 hour 59 minutes ahead', { date: '2027-03-21', time: '11:59' }, 'time', MARKETPLACE_MESSAGES.tooSoon],
    ['in the past', { date: '2027-03-21', time: '09:00' }, 'time', MARKETPLACE_MESSAGES.tooSoon],
    ['a skipped hour', { date: '2027-10-03', time: '02:30' }, 'time', MARKETPLACE_MESSAGES.invalidDateTime],
    ['0 passengers', { passengers: 0 }, 'passengers', MARKETPLACE_MESSAGES.passengers],
    ['51 passengers', { passengers: 51 }, 'passengers', MARKETPLACE_MESSAGES.passengers],
    ['1.5 passengers', { passengers: 1.5 }, 'passengers', MARKETPLACE_MESSAGES.passengers],
    ['101 bags', { luggageBags: 101 }, 'luggageBags', MARKETPLACE_MESSAGES.luggage],
    ['a budget of 0', { budget: 0 }, 'budget', MARKETPLACE_MESSAGES.budget],
    ['a budget of -5', { budget: -5 }, 'budget', MARKETPLACE_MESSAGES.budget],
    ['a budget of 1.234', { budget: 1.234 }, 'budget', MARKETPLACE_MESSAGES.budget],
    ['a budget over 100,000', { budget: 100_000.01 }, 'budget', MARKETPLACE_MESSAGES.budget],
    ['a budget of "ten"', { budget: 'ten' }, 'budget', MARKETPLACE_MESSAGES.budget],
    ['notes over 1000 characters', { notes: 'x'.repeat(1001) }, 'notes', MARKETPLACE_MESSAGES.notesTooLong],
    [
      'a flight number of "Qantas"',
      { flightNumber: 'Qantas' },
      'flightNumber',
      MARKETPLACE_MESSAGES.flightNumber,
    ],
    [
      'a return before the outbound',
      { returnTrip: { date: '2027-03-22', time: '09:30' } },
      'returnTrip.time',
      MARKETPLACE_MESSAGES.returnAfterOutbound,
    ],
    [
      'a return in a skipped hour',
      { returnTrip: { date: '2027-10-03', time: '02:15' } },
      'returnTrip.time',
      MARKETPLACE_MESSAGES.invalidDateTime,
    ],
  ])('%s: the message word for word', (_name, change, path, message) => {
    expect(issues(schema, { ...valid, ...change })[0]).toEqual({ path, message });
  });

  it('the messages say the rules', () => {
    expect(MARKETPLACE_MESSAGES.tooSoon).toBe('The pickup time must be at least 2 hours from now.');
    expect(MARKETPLACE_MESSAGES.passengers).toBe('Passengers must be a whole number from 1 to 50.');
    expect(MARKETPLACE_MESSAGES.budget).toBe(
      'Enter a budget above $0 in Australian dollars (up to 2 decimal places).',
    );
  });

  it('exactly 2 hours ahead is allowed; the same locality with different street addresses too', () => {
    expect(schema.safeParse({ ...valid, date: '2027-03-21', time: '12:00' }).success).toBe(true);
    expect(
      schema.safeParse({
        ...valid,
        destination: { locality: 'Nelson Bay', postcode: '2315', address: 'd’Albora Marina' },
      }).success,
    ).toBe(true);
  });

  it('uses the clock it is given', () => {
    const later = rideRequestSchema(() => new Date('2027-03-22T00:00:00Z'));
    expect(issues(later, valid)[0]?.message).toBe(MARKETPLACE_MESSAGES.tooSoon);
  });
});

describe('rideEditSchema', () => {
  it('has the same rules, and no return leg', () => {
    const edit = rideEditSchema(() => NOW);
    expect(issues(edit, { ...valid, passengers: 0 })[0]?.message).toBe(MARKETPLACE_MESSAGES.passengers);
    expect(issues(edit, { ...valid, time: '10:30', date: '2027-03-21' })[0]?.message).toBe(
      MARKETPLACE_MESSAGES.tooSoon,
    );
    expect(edit.parse({ ...valid, returnTrip: { date: '2027-03-23', time: '10:00' } })).not.toHaveProperty(
      'returnTrip',
    );
  });
});

describe('driverProfileSchema', () => {
  const profile = {
    bspNumber: 'BSP-1',
    vehicle: { capacity: 4 },
    insurance: {},
    availability: { days: ['sun', 'mon'], hours: { start: '09:00', end: '17:00' } },
  };
  it('orders the days Monday first', () => {
    expect(driverProfileSchema.parse(profile).availability.days).toEqual(['mon', 'sun']);
  });
  it('needs the end of the hours after the start', () => {
    expect(
      issues(driverProfileSchema, {
        ...profile,
        availability: { days: [], hours: { start: '17:00', end: '17:00' } },
      }),
    ).toEqual([{ path: 'availability.hours.end', message: MARKETPLACE_MESSAGES.hours }]);
  });
});

describe('availableRidesQuerySchema', () => {
  it("defaults the radius to 25 km, shows the driver's own kind of trips, and coerces query strings", () => {
    expect(availableRidesQuerySchema.parse({ passengers: '3' })).toEqual({
      radiusKm: 25,
      passengers: 3,
      // Issue 13: by default the trips in the driver's area that a vehicle of theirs can take.
      serve: 'mine',
    });
    expect(availableRidesQuerySchema.parse({ serve: 'all' }).serve).toBe('all');
  });
  it.each([
    [{ from: '2027-05-02', to: '2027-05-01' }, 'to', MARKETPLACE_MESSAGES.dateRange],
    [{ from: 'soon' }, 'from', MARKETPLACE_MESSAGES.dateFilter],
    [{ near: 'Nelson Bay' }, 'near', MARKETPLACE_MESSAGES.pickupRequired],
    [{ radiusKm: '501' }, 'radiusKm', MARKETPLACE_MESSAGES.radius],
    [{ passengers: '0' }, 'passengers', MARKETPLACE_MESSAGES.passengersFilter],
    [{ serve: 'some' }, 'serve', MARKETPLACE_MESSAGES.serveFilter],
  ])('%j: %s', (query, path, message) => {
    expect(issues(availableRidesQuerySchema, query)[0]).toEqual({ path, message });
  });
});

describe('the return leg and needs on a trip request', () => {
  it('the return leg takes its own flight number (upper-cased), not the outbound one', () => {
    const out = schema.parse({
      ...valid,
      flightNumber: 'QF1504',
      returnTrip: { date: '2027-03-25', time: '17:15', flightNumber: ' jq 451 ' },
    });
    expect(out.returnTrip).toEqual({ date: '2027-03-25', time: '17:15', flightNumber: 'JQ 451' });
    expect(
      issues(schema, { ...valid, returnTrip: { date: '2027-03-25', time: '17:15', flightNumber: 'x' } }),
    ).toEqual([{ path: 'returnTrip.flightNumber', message: MARKETPLACE_MESSAGES.flightNumber }]);
  });
  it('needs are checked by the shared schema: counts, wheelchair kind, no more child seats than passengers', () => {
    const out = schema.parse({
      ...valid,
      needs: { childSeats: '1', boosterSeats: 1, wheelchair: 'folding' },
    });
    expect(out.needs).toEqual({ ...NO_NEEDS, childSeats: 1, boosterSeats: 1, wheelchair: 'folding' });
    expect(issues(schema, { ...valid, needs: { wheelchair: 'electric' } })).toEqual([
      { path: 'needs.wheelchair', message: NEEDS_MESSAGES.wheelchair },
    ]);
    expect(issues(schema, { ...valid, needs: { surfboards: -1 } })).toEqual([
      { path: 'needs.surfboards', message: NEEDS_MESSAGES.count },
    ]);
    expect(
      issues(schema, { ...valid, passengers: 2, needs: { infantSeats: 1, childSeats: 1, boosterSeats: 1 } }),
    ).toEqual([{ path: 'needs.childSeats', message: NEEDS_MESSAGES.childrenMoreThanPassengers }]);
    expect(
      issues(
        rideEditSchema(() => NOW),
        { ...valid, passengers: 1, needs: { childSeats: 2 } },
      )[0],
    ).toEqual({
      path: 'needs.childSeats',
      message: NEEDS_MESSAGES.childrenMoreThanPassengers,
    });
  });
});
