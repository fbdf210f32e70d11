/**
 * Issue 32, item 2: a return pair booked together (two bookings sharing a bundle id, from one pair quote) is
 * shown and sent as ONE booking with two legs: one confirmation per side naming both legs and the price
 * for both (its e-mail lays out both legs, its .ics has both events), one entry in each side's bookings
 * list (in pickup order), while each leg keeps its own status and can be cancelled alone, the other side
 * told in one message that names the cancelled leg and the leg that stands.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingDto, QuoteDto } from '../../src/shared/marketplace/api.ts';
import { formatSydneyDateTime } from '../../src/shared/marketplace/time.ts';
import {
  databaseKinds,
  deliverNotifications,
  type MailRow,
  readMailbox,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { HIACE, notificationsOf, setVehicle, statusOf } from './marketplace-fixtures.ts';
import { postRide, sydneyDateIn } from './ride-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

type AcceptAnswer = { booking: BookingDto; pairBooking: BookingDto | null };

describe.each(databaseKinds())('a return pair booked together is one booking with two legs (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Driverson', companyName: 'Bay Pairs' }),
    ]);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const deliver = () => deliverNotifications(server);

  /** Out in `outDays` at 09:30 on QF1504, back in `backDays` at 17:15 on JQ451; booked as a pair at $310. */
  async function bookPair(outDays: number, backDays: number) {
    const { ride, returnRide } = await postRide(customer.client, {
      date: sydneyDateIn(outDays),
      flightNumber: 'QF1504',
      returnTrip: { date: sydneyDateIn(backDays), time: '17:15', flightNumber: 'JQ451' },
    });
    const quoted = await driver.client.post('/api/quotes', {
      rideId: ride.id,
      price: 310,
      message: 'Both ways.',
      pair: true,
    });
    expect(quoted.status).toBe(201);
    const { quote } = (await quoted.json()) as { quote: QuoteDto };
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, {
      acceptFare: true,
      priceCents: 31000,
    });
    expect(res.status).toBe(201);
    const { booking, pairBooking } = (await res.json()) as AcceptAnswer;
    return { ride, returnRide: returnRide!, outbound: booking, back: pairBooking! };
  }

  async function bookOneWay(days: number) {
    const { ride } = await postRide(customer.client, { date: sydneyDateIn(days) });
    const quoted = await driver.client.post('/api/quotes', {
      rideId: ride.id,
      price: 139,
      message: 'One way.',
    });
    const { quote } = (await quoted.json()) as { quote: QuoteDto };
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    expect(res.status).toBe(201);
    return ((await res.json()) as AcceptAnswer).booking;
  }

  const list = async (who: Person, query = '') =>
    ((await (await who.client.get(`/api/bookings${query}`)).json()) as { items: BookingDto[] }).items;

  const mailOf = async (who: Person, type: string, bookingId: string): Promise<MailRow> => {
    const mail = (await readMailbox(server.baseUrl, who.email)).find(
      (m) => m.kind === 'notification' && m.meta.notificationType === type && m.text.includes(bookingId),
    );
    if (!mail) throw new Error(`no ${type} e-mail for ${who.email}`);
    return mail;
  };

  it('one confirmation per side names both legs with their dates and times and the price for both', async () => {
    const { outbound, back } = await bookPair(20, 24);
    const outAt = formatSydneyDateTime(outbound.ride.pickupAt);
    const backAt = formatSydneyDateTime(back.ride.pickupAt);
    const related = [outbound.id, back.id];

    const toCustomer = (await notificationsOf(server, customer.userId, 'booking_confirmed')).filter((n) =>
      related.includes(n.related_id ?? ''),
    );
    expect(toCustomer).toHaveLength(1);
    expect(toCustomer[0]!.related_id).toBe(outbound.id);
    expect(toCustomer[0]!.title).toBe('Return trip booked');
    const said = toCustomer[0]!.message;
    expect(said).toContain('booked for $310.00 for both legs, with Bay Pairs');
    expect(said).toContain(
      `Outbound leg: Nelson Bay to Newcastle Airport on ${outAt} (Sydney time), $155.00`,
    );
    expect(said).toContain(`Return leg: Newcastle Airport to Nelson Bay on ${backAt} (Sydney time), $155.00`);
    expect(said).toContain('flight QF1504');
    expect(said).toContain('flight JQ451');

    const toDriver = (await notificationsOf(server, driver.userId, 'quote_accepted')).filter((n) =>
      related.includes(n.related_id ?? ''),
    );
    expect(toDriver).toHaveLength(1);
    expect(toDriver[0]!.message).toContain(
      'Your quote of $310.00 for both legs of a return trip was accepted',
    );
    expect(toDriver[0]!.message).toContain(`Outbound leg: Nelson Bay to Newcastle Airport on ${outAt}`);
    expect(toDriver[0]!.message).toContain(`Return leg: Newcastle Airport to Nelson Bay on ${backAt}`);

    await deliver();
    const mail = await mailOf(customer, 'booking_confirmed', outbound.id);
    expect(mail.subject).toMatch(/^Return trip booked: .+ and back .+ with Bay Pairs$/);
    for (const line of [
      'Your return trip is booked with Bay Pairs, both legs for $310.00',
      'Both legs: $310.00 agreed for the return trip',
      `Outbound: ${outAt} (Sydney time)`,
      `Return: ${backAt} (Sydney time)`,
      'Flight: QF1504',
      'Flight: JQ451',
      `Reference: ${back.id.slice(0, 8).toUpperCase()}`,
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).toMatch(/OUTBOUND LEG[\s\S]*RETURN LEG[\s\S]*YOUR DRIVER/);
    const ics = mail.attachments.find((a) => a.filename.endsWith('.ics'))!;
    const calendar = ics.content.replace(/\r?\n[ \t]/g, '');
    expect(calendar.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(calendar).toContain(`UID:booking-${outbound.id}@`);
    expect(calendar).toContain(`UID:booking-${back.id}@`);
    expect(calendar).toContain('Both legs: $310.00 AUD');

    const driverMail = await mailOf(driver, 'quote_accepted', outbound.id);
    expect(driverMail.subject).toMatch(/^New return booking \$310 for both legs: /);
    expect(driverMail.text).toMatch(/OUTBOUND LEG[\s\S]*RETURN LEG[\s\S]*YOUR CUSTOMER/);
  });

  it('each side lists the pair once, confirmed bookings soonest pickup first; a trip page still lists its leg', async () => {
    // Booked in this order: the pair (out in 40 days, back in 44), then a one-way in 38 days and in 42 days.
    const { ride, returnRide, outbound, back } = await bookPair(40, 44);
    const early = await bookOneWay(38);
    const between = await bookOneWay(42);
    for (const who of [customer, driver]) {
      const items = (await list(who)).filter((b) =>
        [outbound.id, back.id, early.id, between.id].includes(b.id),
      );
      expect(items.map((b) => b.id)).toEqual([early.id, outbound.id, between.id]);
      const pair = items[1]!;
      expect(pair.pair).toMatchObject({
        leg: 'outbound',
        totalCents: 31000,
        other: { id: back.id, leg: 'return', status: 'confirmed', priceCents: 15500 },
      });
      expect(pair.pair!.other.ride.id).toBe(returnRide.id);
      expect(items[0]!.pair).toBeNull();
    }
    // Each leg's own page and its request's list still answer that leg, pointing at the other.
    expect((await list(customer, `?rideId=${returnRide.id}`)).map((b) => b.id)).toEqual([back.id]);
    expect((await list(customer, `?rideId=${ride.id}`)).map((b) => b.id)).toEqual([outbound.id]);
    const page = (await (await customer.client.get(`/api/bookings/${back.id}`)).json()) as {
      booking: BookingDto;
    };
    expect(page.booking.pair).toMatchObject({ leg: 'return', other: { id: outbound.id, leg: 'outbound' } });
  });

  it('cancelling the return leg leaves the outbound confirmed; the driver is told once, naming both legs', async () => {
    const { outbound, back } = await bookPair(50, 53);
    const res = await customer.client.post(`/api/bookings/${back.id}/cancel`, { reason: 'Staying longer' });
    expect(res.status).toBe(200);
    expect(await statusOf(server, 'bookings', back.id)).toBe('cancelled');
    expect(await statusOf(server, 'bookings', outbound.id)).toBe('confirmed');
    const told = (await notificationsOf(server, driver.userId, 'booking_cancelled')).filter(
      (n) => n.related_id === back.id || n.related_id === outbound.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('The customer cancelled the return leg');
    expect(told[0]!.message).toBe(
      `The return leg on ${formatSydneyDateTime(back.ride.pickupAt)} (Newcastle Airport to Nelson Bay) was cancelled by the customer: "Staying longer". ` +
        `The outbound leg on ${formatSydneyDateTime(outbound.ride.pickupAt)} (Nelson Bay to Newcastle Airport) still stands.`,
    );
    // Still one entry: the outbound leg, confirmed, with the return leg cancelled beside it.
    const items = (await list(customer)).filter((b) => b.id === outbound.id || b.id === back.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ id: outbound.id, status: 'confirmed' });
    expect(items[0]!.pair!.other).toMatchObject({
      id: back.id,
      status: 'cancelled',
      cancelledBy: 'customer',
    });
    await deliver();
    const mail = await mailOf(driver, 'booking_cancelled', back.id);
    expect(mail.subject).toMatch(/^Return leg cancelled: /);
  });

  it('the driver cancelling the outbound leg tells the customer once that the return leg still stands', async () => {
    const { outbound, back } = await bookPair(60, 62);
    const res = await driver.client.post(`/api/bookings/${outbound.id}/cancel`, {
      reason: 'Vehicle in service',
    });
    expect(res.status).toBe(200);
    expect(await statusOf(server, 'bookings', back.id)).toBe('confirmed');
    const told = (await notificationsOf(server, customer.userId, 'booking_cancelled')).filter(
      (n) => n.related_id === back.id || n.related_id === outbound.id,
    );
    expect(told).toHaveLength(1);
    expect(told[0]!.title).toBe('The driver cancelled your outbound leg');
    expect(told[0]!.message).toContain(
      `Your outbound leg on ${formatSydneyDateTime(outbound.ride.pickupAt)} (Nelson Bay to Newcastle Airport) was cancelled by the driver: "Vehicle in service".`,
    );
    expect(told[0]!.message).toContain(
      `Your return leg on ${formatSydneyDateTime(back.ride.pickupAt)} (Newcastle Airport to Nelson Bay) still stands.`,
    );
  });
});
