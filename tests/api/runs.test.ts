/**
 * Issue 31 item 2: runs and empty return legs sold by the seat or the vehicle. A verified driver publishes a
 * run; anyone finds it; customers book seats or the whole vehicle with their own pickup and drop-off within
 * its radii. The database never sells more seats than there are (50 bookings at once on 10 seats sell 10),
 * the whole vehicle only while no seat is sold; a changed price is a 409; open requests that fit get the
 * run as a quote automatically (and only those), accepting it takes the seats, cancelling gives them back;
 * a long drop-off offers the drive back.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import {
  type DriveBackOfferDto,
  type MyRunDto,
  RUN_CONFLICTS,
  RUN_MESSAGES,
  type RunDto,
} from '../../src/shared/marketplace/runs.ts';
import { utcToSydney } from '../../src/shared/marketplace/time.ts';
import type { PublishRunInput } from '../../src/shared/validation/runs.ts';
import {
  databaseKinds,
  errorOf,
  rows,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { postRide, sydneyDateIn } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
}

const NELSON_BAY = { locality: 'Nelson Bay', postcode: '2315' };
const SHOAL_BAY = { locality: 'Shoal Bay', postcode: '2315', address: '1 Shoal Bay Rd' };
const MASCOT = { locality: 'Mascot', postcode: '2020' };
const BOTANY = { locality: 'Botany', postcode: '2019', address: '5 Botany Rd' };
const RAYMOND_TERRACE = { locality: 'Raymond Terrace', postcode: '2324' };

/** A run body: Nelson Bay (10 km) to Mascot (10 km), `days` ahead 06:00-09:00 Sydney, 10 seats at $45. */
function runBody(overrides: Partial<PublishRunInput> = {}, days = 5): PublishRunInput {
  return {
    from: { ...NELSON_BAY, address: '' },
    fromRadiusKm: 10,
    to: { ...MASCOT, address: '' },
    toRadiusKm: 10,
    date: sydneyDateIn(days),
    windowStart: '06:00',
    windowEnd: '09:00',
    seats: 10,
    bags: 10,
    seatPrice: 45,
    vehiclePrice: null,
    autoQuote: false,
    ...overrides,
  };
}

describe.each(databaseKinds())('runs (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let customer2: Person;
  let driver: Person;
  let driver2: Person;
  let unverified: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, customer2, driver, driver2, unverified] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'customer', fullName: 'Oscar Otherby' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Shuttles' }),
      signedInClient(server, { userType: 'driver', fullName: 'Ned Kellyson', companyName: 'Bay Coaches' }),
      signedInClient(server, { userType: 'driver', fullName: 'Uma Unchecked', verified: false }),
    ]);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  const publish = async (who: Person, body: PublishRunInput) => {
    const res = await who.client.post('/api/runs', body);
    if (res.status !== 201) throw new Error(`POST /api/runs answered ${res.status}: ${await res.text()}`);
    return ((await res.json()) as { run: RunDto }).run;
  };
  const book = (
    who: Person,
    runId: string,
    body: Record<string, unknown>,
    headers?: Record<string, string>,
  ) =>
    who.client.post(
      `/api/runs/${runId}/book`,
      { pickup: SHOAL_BAY, destination: BOTANY, bags: 0, ...body },
      headers ? { headers } : {},
    );
  const runRow = async (id: string) => {
    const [row] = await rows<{
      seats_sold: number;
      bags_sold: number;
      vehicle_sold: boolean;
      status: string;
    }>(server.db, sql`select seats_sold, bags_sold, vehicle_sold, status from runs where id = ${id}`);
    return row!;
  };

  describe('publishing', () => {
    it('a verified driver publishes a run; the answer has seats left, the price and the vehicle', async () => {
      const run = await publish(driver, runBody({ vehiclePrice: 380 }));
      expect(run).toMatchObject({
        status: 'open',
        fromName: 'Nelson Bay',
        toName: 'Mascot',
        seatsTotal: 10,
        seatsLeft: 10,
        bagsLeft: 10,
        seatPriceCents: 4500,
        vehiclePriceCents: 38000,
        vehicleAvailable: true,
      });
      expect(run.driver.name).toBe('Bay Shuttles');
      expect(utcToSydney(run.departsFrom).time).toBe('06:00');
      const mine = await driver.client.get('/api/runs/mine');
      expect(((await mine.json()) as { items: MyRunDto[] }).items.map((r) => r.id)).toContain(run.id);
    });

    it('a named place as the address gives the run its name and position', async () => {
      const run = await publish(
        driver,
        runBody({
          to: { locality: 'Sydney Domestic Airport', postcode: '2020', address: 'Sydney Domestic Airport' },
        }),
      );
      expect(run.toName).toBe('Sydney Airport T2/T3 (Domestic)');
      // A street address is never shown publicly as the run's name: the suburb is.
      const street = await publish(driver, runBody({ from: { ...NELSON_BAY, address: '12 Private Lane' } }));
      expect(street.fromName).toBe('Nelson Bay');
    });

    it('an unverified driver is refused (403); a customer is refused; a guest must sign in', async () => {
      expect((await unverified.client.post('/api/runs', runBody())).status).toBe(403);
      expect((await customer.client.post('/api/runs', runBody())).status).toBe(403);
      expect((await server.client().post('/api/runs', runBody())).status).toBe(401);
    });

    it('bad input is a 400 naming the field, and nothing is published', async () => {
      const [{ n: before }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from runs`,
      )) as [{ n: number }];
      const cases: [Partial<PublishRunInput>, string][] = [
        [{ seatPrice: null, vehiclePrice: null }, RUN_MESSAGES.noPrice],
        [{ seats: 0 }, RUN_MESSAGES.seats],
        [{ seats: 30 }, RUN_MESSAGES.seatsOverVehicle(11)],
        [{ fromRadiusKm: 500 }, RUN_MESSAGES.radius],
        [{ windowStart: '10:00', windowEnd: '09:00' }, RUN_MESSAGES.windowEnd],
        [{ date: sydneyDateIn(-1) }, RUN_MESSAGES.windowPast],
        [{ from: { locality: 'Atlantis', postcode: '9999', address: '' } }, RUN_MESSAGES.from],
        [{ seatPrice: -3 }, RUN_MESSAGES.seatPrice],
      ];
      for (const [override, message] of cases) {
        const res = await driver.client.post('/api/runs', runBody(override));
        expect(res.status, JSON.stringify(override)).toBe(400);
        expect((await errorOf(res)).message).toBe(message);
      }
      expect((await driver.client.post('/api/runs', 'not json')).status).toBe(400);
      const [{ n: after }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from runs`,
      )) as [{ n: number }];
      expect(after).toBe(before);
    });

    it("another driver's run reads as 404 for changes; its driver cancels it once", async () => {
      const run = await publish(driver, runBody({}, 6));
      const other = await driver2.client.post(`/api/runs/${run.id}/cancel`, { reason: 'Not mine' });
      expect(other.status).toBe(404);
      expect((await driver.client.post(`/api/runs/${run.id}/cancel`, { reason: 'x' })).status).toBe(400);
      const ok = await driver.client.post(`/api/runs/${run.id}/cancel`, { reason: 'Van in for service' });
      expect(ok.status).toBe(200);
      expect(((await ok.json()) as { run: RunDto }).run.status).toBe('cancelled');
      const again = await driver.client.post(`/api/runs/${run.id}/cancel`, { reason: 'Van in for service' });
      expect(again.status).toBe(409);
      expect((await errorOf(again)).message).toBe(RUN_CONFLICTS.alreadyCancelled);
      expect((await driver.client.post('/api/runs/not-a-uuid/cancel', { reason: 'abc' })).status).toBe(404);
    });
  });

  describe('search', () => {
    it('finds open runs near both searched places on the date, soonest first; not elsewhere or another day', async () => {
      const date = sydneyDateIn(9);
      const late = await publish(driver, runBody({ windowStart: '14:00', windowEnd: '16:00' }, 9));
      const early = await publish(driver2, runBody({ windowStart: '07:00', windowEnd: '08:00' }, 9));
      const search = async (q: string) => {
        const res = await server.client().get(`/api/runs?${q}`);
        expect(res.status).toBe(200);
        return ((await res.json()) as { items: RunDto[] }).items.map((r) => r.id);
      };
      const found = await search(`from=Shoal%20Bay&to=Botany&date=${date}`);
      expect(found.filter((id) => id === late.id || id === early.id)).toEqual([early.id, late.id]);
      expect(await search(`from=Raymond%20Terrace&to=Botany&date=${date}`)).not.toContain(early.id);
      expect(await search(`from=Shoal%20Bay&to=Botany&date=${sydneyDateIn(10)}`)).not.toContain(early.id);
      expect(await search('from=Shoal%20Bay')).toContain(early.id);
      const detail = await server.client().get(`/api/runs/${early.id}`);
      expect(detail.status).toBe(200);
      expect(((await detail.json()) as { run: RunDto }).run.driver.name).toBe('Bay Coaches');
      expect((await server.client().get('/api/runs/not-a-uuid')).status).toBe(404);
      expect((await server.client().get('/api/runs?date=31-12-2026')).status).toBe(400);
      expect((await server.client().get('/api/runs?from=zzzzqqqq')).status).toBe(400);
    });
  });

  describe('the verification gate', () => {
    it('a driver who may no longer quote: their runs leave the search and cannot be booked', async () => {
      const lapsed = await signedInClient(server, { userType: 'driver', fullName: 'Lapsed Larry' });
      const run = await publish(lapsed, runBody({}, 30));
      await server.db.execute(
        sql`update drivers set verification_status = 'suspended' where user_id = ${lapsed.userId}`,
      );
      const res = await server.client().get(`/api/runs?from=Shoal%20Bay&date=${sydneyDateIn(30)}`);
      expect(((await res.json()) as { items: RunDto[] }).items.map((r) => r.id)).not.toContain(run.id);
      const booked = await book(customer, run.id, { seats: 1, priceCents: 4500 });
      expect(booked.status).toBe(409);
      expect((await errorOf(booked)).message).toBe(RUN_CONFLICTS.notOpen);
      expect((await runRow(run.id)).seats_sold).toBe(0);
    });
  });

  describe('booking', () => {
    it('50 bookings of one seat sent at once on a 10-seat run sell exactly 10', async () => {
      const run = await publish(driver, runBody({}, 11));
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) =>
          book(i % 2 ? customer : customer2, run.id, { seats: 1, priceCents: 4500 }),
        ),
      );
      const statuses = answers.map((r) => r.status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 409)).toHaveLength(40);
      const refused = answers.find((r) => r.status === 409)!;
      expect((await errorOf(refused)).message).toBe(RUN_CONFLICTS.seatsLeft(0));
      expect((await runRow(run.id)).seats_sold).toBe(10);
      const [{ n }] = (await rows<{ n: number }>(
        server.db,
        sql`select count(*)::int as n from bookings where run_id = ${run.id} and status = 'confirmed' and origin = 'run_seat'`,
      )) as [{ n: number }];
      expect(n).toBe(10);
    }, 60_000);

    it('a seat booking is a normal booking: a booked trip, the driver told, contacts on the booking', async () => {
      const run = await publish(driver, runBody({}, 12));
      const res = await book(customer, run.id, { seats: 2, bags: 2, priceCents: 9000 });
      expect(res.status).toBe(201);
      const { booking } = (await res.json()) as { booking: BookingDto };
      expect(booking.status).toBe('confirmed');
      expect(booking.priceCents).toBe(9000);
      const [ride] = await rows<{ status: string; passengers: number; pickup_at: Date | string }>(
        server.db,
        sql`select r.status, r.passengers, r.pickup_at from rides r join bookings b on b.ride_id = r.id where b.id = ${booking.id}`,
      );
      expect(ride).toMatchObject({ status: 'booked', passengers: 2 });
      expect(new Date(ride!.pickup_at).toISOString()).toBe(run.departsFrom);
      const told = await rows<{ title: string }>(
        server.db,
        sql`select title from notifications where user_id = ${driver.userId} and related_id = ${booking.id}`,
      );
      expect(told.map((t) => t.title)).toContain('Run booked: new booking');
      const left = await server.client().get(`/api/runs/${run.id}`);
      expect(((await left.json()) as { run: RunDto }).run).toMatchObject({ seatsLeft: 8, bagsLeft: 8 });
    });

    it('the whole vehicle against a seat: one wins; the vehicle only while no seat is sold', async () => {
      for (let round = 0; round < 3; round += 1) {
        const run = await publish(driver, runBody({ seats: 4, vehiclePrice: 300 }, 13 + round));
        const [vehicle, seat] = await Promise.all([
          book(customer, run.id, { wholeVehicle: true, seats: 3, priceCents: 30000 }),
          book(customer2, run.id, { seats: 1, priceCents: 4500 }),
        ]);
        expect([vehicle.status, seat.status].sort()).toEqual([201, 409]);
        const row = await runRow(run.id);
        if (vehicle.status === 201) {
          expect(row).toMatchObject({ seats_sold: 4, vehicle_sold: true });
          expect((await errorOf(seat)).message).toBe(RUN_CONFLICTS.vehicleSold);
        } else {
          expect(row).toMatchObject({ seats_sold: 1, vehicle_sold: false });
          expect((await errorOf(vehicle)).message).toBe(RUN_CONFLICTS.vehicleTaken);
        }
      }
    });

    it('a changed price is a 409 with the price; a pickup outside the radius is a 400; bad input 400', async () => {
      const run = await publish(driver, runBody({}, 16));
      const wrong = await book(customer, run.id, { seats: 2, priceCents: 8000 });
      expect(wrong.status).toBe(409);
      expect((await errorOf(wrong)).message).toBe(RUN_CONFLICTS.priceChanged(9000));
      const far = await book(customer, run.id, {
        seats: 1,
        priceCents: 4500,
        pickup: { ...RAYMOND_TERRACE, address: '' },
      });
      expect(far.status).toBe(400);
      expect((await errorOf(far)).message).toBe(RUN_MESSAGES.pickupOutside('Nelson Bay', 10));
      const farDrop = await book(customer, run.id, {
        seats: 1,
        priceCents: 4500,
        destination: { ...NELSON_BAY, address: '' },
      });
      expect(farDrop.status).toBe(400);
      expect((await errorOf(farDrop)).message).toBe(RUN_MESSAGES.destinationOutside('Mascot', 10));
      expect((await book(customer, run.id, { priceCents: 4500 })).status).toBe(400);
      expect((await book(customer, run.id, { seats: 1 })).status).toBe(400);
      const vehicle = await book(customer, run.id, { wholeVehicle: true, priceCents: 4500 });
      expect(vehicle.status).toBe(409);
      expect((await errorOf(vehicle)).message).toBe(RUN_CONFLICTS.noVehiclePrice);
      expect((await book(driver, run.id, { seats: 1, priceCents: 4500 })).status).toBe(403);
      expect((await server.client().post(`/api/runs/${run.id}/book`, {})).status).toBe(401);
      expect((await runRow(run.id)).seats_sold).toBe(0);
    });

    it('the same Idempotency-Key books once and answers the same booking again', async () => {
      const run = await publish(driver, runBody({}, 17));
      const headers = { 'Idempotency-Key': `run-book-${run.id}` };
      const first = await book(customer, run.id, { seats: 1, priceCents: 4500 }, headers);
      const again = await book(customer, run.id, { seats: 1, priceCents: 4500 }, headers);
      expect(first.status).toBe(201);
      expect(again.status).toBe(201);
      expect(again.headers.get('idempotent-replayed')).toBe('true');
      const a = ((await first.json()) as { booking: BookingDto }).booking;
      const b = ((await again.json()) as { booking: BookingDto }).booking;
      expect(b.id).toBe(a.id);
      expect((await runRow(run.id)).seats_sold).toBe(1);
    });

    it('cancelling a run booking gives its seats back; cancelling the run cancels its bookings, customers told', async () => {
      const run = await publish(driver, runBody({ seats: 3 }, 18));
      const res = await book(customer, run.id, { seats: 3, bags: 1, priceCents: 13500 });
      const { booking } = (await res.json()) as { booking: BookingDto };
      expect(await runRow(run.id)).toMatchObject({ seats_sold: 3, bags_sold: 1 });
      const cancel = await customer.client.post(`/api/bookings/${booking.id}/cancel`, {
        reason: 'Plans changed',
      });
      expect(cancel.status).toBe(200);
      expect(await runRow(run.id)).toMatchObject({ seats_sold: 0, bags_sold: 0 });

      const second = await book(customer2, run.id, { seats: 2, priceCents: 9000 });
      const secondBooking = ((await second.json()) as { booking: BookingDto }).booking;
      const cancelRun = await driver.client.post(`/api/runs/${run.id}/cancel`, { reason: 'Van broke down' });
      expect(cancelRun.status).toBe(200);
      const [b] = await rows<{ status: string }>(
        server.db,
        sql`select status from bookings where id = ${secondBooking.id}`,
      );
      expect(b!.status).toBe('cancelled');
      const told = await rows<{ title: string; message: string }>(
        server.db,
        sql`select title, message from notifications where user_id = ${customer2.userId} and related_id = ${secondBooking.id} and type = 'booking_cancelled'`,
      );
      expect(told[0]?.message).toContain('Van broke down');
      expect((await book(customer, run.id, { seats: 1, priceCents: 4500 })).status).toBe(409);
    });
  });

  describe('automatic run quotes', () => {
    it('reach only the open requests that fit (ends, time, seats, bags, needs); accepting takes the seats', async () => {
      const days = 20;
      const date = sydneyDateIn(days);
      const trip = (o: Record<string, unknown>) =>
        postRide(customer.client, {
          pickup: { ...SHOAL_BAY },
          destination: { ...BOTANY },
          date,
          time: '07:30',
          passengers: 2,
          luggageBags: 1,
          largeItems: [],
          flightNumber: '',
          ...o,
        });
      const fits = (await trip({})).ride;
      const farPickup = (await trip({ pickup: { ...RAYMOND_TERRACE, address: '' } })).ride;
      const late = (await trip({ time: '11:00' })).ride;
      const tooMany = (await trip({ passengers: 5 })).ride;
      const tooManyBags = (await trip({ luggageBags: 6 })).ride;
      const wheelchair = (await trip({ needs: { wheelchair: 'seated' } })).ride;

      const run = await publish(driver2, runBody({ seats: 4, bags: 4, autoQuote: true }, days));
      const quoted = await rows<{ ride_id: string; price_cents: number; run_seats: number | null }>(
        server.db,
        sql`select ride_id, price_cents, run_seats from quotes where run_id = ${run.id}`,
      );
      expect(quoted.map((q) => q.ride_id)).toEqual([fits.id]);
      expect(quoted[0]).toMatchObject({ price_cents: 9000, run_seats: 2 });
      for (const other of [farPickup, late, tooMany, tooManyBags, wheelchair]) {
        expect(quoted.map((q) => q.ride_id)).not.toContain(other.id);
      }
      const told = await rows<{ title: string }>(
        server.db,
        sql`select title from notifications where user_id = ${customer.userId} and related_id = ${fits.id} and type = 'quote_received'`,
      );
      expect(told).toHaveLength(1);

      // A request posted after the run is published gets it at once; one that does not fit does not.
      const later = (await trip({ passengers: 1 })).ride;
      const laterOut = (await trip({ time: '05:00' })).ride;
      const more = await rows<{ ride_id: string }>(
        server.db,
        sql`select ride_id from quotes where run_id = ${run.id} order by created_at`,
      );
      expect(more.map((q) => q.ride_id)).toContain(later.id);
      expect(more.map((q) => q.ride_id)).not.toContain(laterOut.id);

      // Accepting the run quote books the trip and takes its seats, in the same transaction.
      const [quote] = await rows<{ id: string }>(
        server.db,
        sql`select id from quotes where run_id = ${run.id} and ride_id = ${fits.id}`,
      );
      const accept = await customer.client.post(`/api/quotes/${quote!.id}/accept`, { acceptFare: true });
      expect(accept.status).toBe(201);
      const { booking } = (await accept.json()) as { booking: BookingDto };
      const [b] = await rows<{ origin: string; run_id: string; seats: number }>(
        server.db,
        sql`select origin, run_id, seats from bookings where id = ${booking.id}`,
      );
      expect(b).toMatchObject({ origin: 'run_seat', run_id: run.id, seats: 2 });
      expect(await runRow(run.id)).toMatchObject({ seats_sold: 2, bags_sold: 1 });

      // Seats sold meanwhile: accepting a run quote with no seats left is a 409, and books nothing.
      await book(customer2, run.id, { seats: 2, priceCents: 9000 });
      const [laterQuote] = await rows<{ id: string }>(
        server.db,
        sql`select id from quotes where run_id = ${run.id} and ride_id = ${later.id}`,
      );
      const full = await customer.client.post(`/api/quotes/${laterQuote!.id}/accept`, { acceptFare: true });
      expect(full.status).toBe(409);
      expect((await errorOf(full)).message).toBe(RUN_CONFLICTS.runQuoteNoSeats);
      const [laterRide] = await rows<{ status: string }>(
        server.db,
        sql`select status from rides where id = ${later.id}`,
      );
      expect(laterRide!.status).toBe('open');

      // Cancelling the accepted booking gives the seats back.
      await customer.client.post(`/api/bookings/${booking.id}/cancel`, { reason: 'Plans changed' });
      expect((await runRow(run.id)).seats_sold).toBe(2);
    });
  });

  describe('the drive back', () => {
    it('after a booking dropping off more than 40 km from base, the driver is offered the run, once', async () => {
      // Driver 2's base is Nelson Bay; a booking of theirs from Nelson Bay to Mascot (about 160 km).
      const run = await publish(driver2, runBody({ from: { ...NELSON_BAY, address: '' } }, 25));
      const res = await book(customer, run.id, { seats: 1, priceCents: 4500 });
      const { booking } = (await res.json()) as { booking: BookingDto };
      const offers = async () => {
        const r = await driver2.client.get('/api/runs/drive-backs');
        expect(r.status).toBe(200);
        return ((await r.json()) as { items: DriveBackOfferDto[] }).items;
      };
      const offer = (await offers()).find((o) => o.bookingId === booking.id);
      expect(offer).toMatchObject({ from: { locality: 'Botany' }, to: { postcode: '2315' } });
      expect(offer!.distanceKm).toBeGreaterThan(40);
      expect(offer!.date).toBe(sydneyDateIn(25));
      expect(offer!.windowStart > '06:00').toBe(true);
      // Another driver is offered nothing for it.
      expect((await driver.client.get(`/api/runs/drive-backs?bookingId=${booking.id}`)).status).toBe(200);
      const body = {
        from: { locality: offer!.from.locality, postcode: offer!.from.postcode, address: '' },
        to: { locality: offer!.to.locality, postcode: offer!.to.postcode, address: '' },
        fromRadiusKm: 10,
        toRadiusKm: 10,
        date: offer!.date,
        windowStart: offer!.windowStart,
        windowEnd: offer!.windowEnd,
        seats: offer!.seats,
        bags: offer!.bags,
        seatPrice: 40,
        vehiclePrice: null,
        afterBookingId: booking.id,
      };
      const back = await driver2.client.post('/api/runs', body);
      expect(back.status).toBe(201);
      expect((await offers()).find((o) => o.bookingId === booking.id)).toBeUndefined();
      const twice = await driver2.client.post('/api/runs', body);
      expect(twice.status).toBe(409);
      expect((await errorOf(twice)).message).toBe(RUN_CONFLICTS.driveBackTaken);
      const notMine = await driver.client.post('/api/runs', body);
      expect(notMine.status).toBe(400);
    });
  });
});
