/**
 * Issue 30 item 0: what was booked (passengers, bags, every need, the flight, the customer's note) reaches
 * both sides outside the app too: the customer's confirmation, the driver's e-mails, the 24-hour
 * reminders and the calendar file, which rings 2 hours before the pickup. Read as a person reads them:
 * the notifications API, the development mailbox and the .ics download.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rides } from '../../src/server/db/schema/index.ts';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { BookingDto, NotificationDto } from '../../src/shared/marketplace/api.ts';
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
import { HIACE, hoursFromNow, insertQuote, insertRide, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
}

const NOTE = 'Grandma walks slowly: please come to the door';
const NEEDS = { childSeats: 1, boosterSeats: 1, wheelchair: 'folding' };
/** Fri 26 Nov 2027, 5:30 am in Sydney (AEDT, UTC+11). */
const PICKUP = new Date('2027-11-25T18:30:00Z');

/** The calendar file as one string: folded lines joined, escapes undone. */
const unfold = (ics: string) => ics.replace(/\r?\n[ \t]/g, '').replace(/\\([,;\\])/g, '$1');

describe.each(databaseKinds())('what was booked, in the e-mails, reminders and calendar (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;

  beforeAll(async () => {
    server = await startServer(kind);
    [customer, driver] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Grace Granville' }),
      signedInClient(server, { userType: 'driver', fullName: 'Dana Doorstep', companyName: 'Door Shuttles' }),
    ]);
    await setVehicle(server.db, driver.userId, HIACE);
  });
  afterAll(async () => {
    await server?.close();
  });

  const deliver = () => deliverNotifications(server);

  const notificationsOf = async (who: Person) =>
    ((await (await who.client.get('/api/notifications')).json()) as { items: NotificationDto[] }).items;

  const mailOf = async (who: Person, type: string, bookingId: string): Promise<MailRow> => {
    const mail = (await readMailbox(server.baseUrl, who.email)).find(
      (m) => m.kind === 'notification' && m.meta.notificationType === type && m.text.includes(bookingId),
    );
    if (!mail) throw new Error(`no ${type} e-mail for ${who.email}`);
    return mail;
  };

  /** A booked trip with a child seat, a booster, a folding wheelchair, a flight and a note. */
  const bookTrip = async (pickupAt: Date) => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt });
    await server.db.update(rides).set({ needs: NEEDS, notes: NOTE }).where(eq(rides.id, ride.id));
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 13900,
    });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    expect(res.status).toBe(201);
    return ((await res.json()) as { booking: BookingDto }).booking;
  };

  it("the driver's e-mail and both calendar files carry the needs, the flight and the note", async () => {
    const booking = await bookTrip(PICKUP);
    await deliver();

    const toDriver = await mailOf(driver, 'quote_accepted', booking.id);
    for (const line of [
      'Flight: QF1504',
      'Passengers: 3',
      'Luggage: 2 bags, surfboard',
      'Needs: 1 child seat\n  1 booster seat\n  Folding wheelchair',
      `Notes: ${NOTE}`,
    ]) {
      expect(toDriver.text).toContain(line);
    }
    expect(toDriver.html).toContain('Folding wheelchair');

    const toCustomer = await mailOf(customer, 'booking_confirmed', booking.id);
    expect(toCustomer.text).toContain('Needs: 1 child seat\n  1 booster seat\n  Folding wheelchair');

    // The .ics attached to each e-mail and the one downloaded from the booking page say the same.
    const downloaded = await driver.client.get(`/api/bookings/${booking.id}/calendar.ics`);
    expect(downloaded.status).toBe(200);
    const files = [
      toDriver.attachments.find((a) => a.filename === `booking-${booking.id}.ics`)!.content,
      toCustomer.attachments.find((a) => a.filename === `booking-${booking.id}.ics`)!.content,
      await downloaded.text(),
    ];
    for (const file of files) {
      const ics = unfold(file);
      expect(ics).toContain('Passengers: 3');
      expect(ics).toContain('Needs: 1 child seat, 1 booster seat, Folding wheelchair');
      expect(ics).toContain('Flight: QF1504');
      expect(ics).toContain(`Notes: ${NOTE}`);
      // The alarm: 2 hours before the pickup, on screen, saying what it is for.
      const alarm = /BEGIN:VALARM\r?\n([\s\S]*?)END:VALARM/.exec(ics)?.[1] ?? '';
      expect(alarm).toContain('TRIGGER:-PT2H');
      expect(alarm).toContain('ACTION:DISPLAY');
      expect(alarm).toContain(
        'DESCRIPTION:Shuttle pickup in 2 hours: Fri 26 Nov 2027, 5:30 am at 35 Stockton St',
      );
      expect(ics.match(/BEGIN:VALARM/g)).toHaveLength(1);
    }
  });

  it("both sides' confirmations name what was booked", async () => {
    const booking = await bookTrip(new Date(PICKUP.getTime() + 86_400_000));
    const n = (await notificationsOf(customer)).find(
      (x) => x.type === 'booking_confirmed' && x.relatedId === booking.id,
    );
    expect(n!.message).toContain(
      `Booked for 3 passengers, 2 bags, surfboard. Needs: 1 child seat, 1 booster seat, Folding wheelchair. ` +
        `Flight QF1504. Your note: “${NOTE}”.`,
    );
    const toDriver = (await notificationsOf(driver)).find(
      (x) => x.type === 'quote_accepted' && x.relatedId === booking.id,
    );
    expect(toDriver!.message).toContain(
      `Booked for 3 passengers, 2 bags, surfboard. Needs: 1 child seat, 1 booster seat, Folding wheelchair. ` +
        `Flight QF1504. Note from the customer: “${NOTE}”.`,
    );
  });

  it("the 24-hour reminders carry the needs and the note, the driver's by e-mail too", async () => {
    const booking = await bookTrip(hoursFromNow(20));
    await sweepExpired(server.db);
    const forDriver = (await notificationsOf(driver)).find(
      (x) => x.type === 'trip_reminder' && x.relatedId === booking.id,
    );
    expect(forDriver!.message).toContain('3 passengers, 2 bags, surfboard.');
    expect(forDriver!.message).toContain('Needs: 1 child seat, 1 booster seat, Folding wheelchair.');
    expect(forDriver!.message).toContain('Flight QF1504.');
    expect(forDriver!.message).toContain(`Note from the customer: “${NOTE}”.`);
    const forCustomer = (await notificationsOf(customer)).find(
      (x) => x.type === 'trip_reminder' && x.relatedId === booking.id,
    );
    expect(forCustomer!.message).toContain('Needs: 1 child seat, 1 booster seat, Folding wheelchair.');

    await deliver();
    const mail = await mailOf(driver, 'trip_reminder', booking.id);
    expect(mail.text).toContain('Needs: 1 child seat\n  1 booster seat\n  Folding wheelchair');
    expect(mail.text).toContain(`Notes: ${NOTE}`);
  });

  it('a trip without needs says nothing about them; a cancelled booking has no alarm', async () => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    const res = await customer.client.post(`/api/quotes/${quote.id}/accept`, { acceptFare: true });
    const booking = ((await res.json()) as { booking: BookingDto }).booking;
    const before = unfold(
      await (await customer.client.get(`/api/bookings/${booking.id}/calendar.ics`)).text(),
    );
    expect(before).not.toContain('Needs:');
    expect(before).toContain('TRIGGER:-PT2H');
    const n = (await notificationsOf(customer)).find(
      (x) => x.type === 'booking_confirmed' && x.relatedId === booking.id,
    );
    expect(n!.message).not.toContain('Needs:');
    expect(n!.message).not.toContain('Your note');

    const cancelled = await customer.client.post(`/api/bookings/${booking.id}/cancel`, {
      reason: 'Plans changed',
    });
    expect(cancelled.status).toBe(200);
    const after = unfold(
      await (await customer.client.get(`/api/bookings/${booking.id}/calendar.ics`)).text(),
    );
    expect(after).toContain('STATUS:CANCELLED');
    expect(after).not.toContain('BEGIN:VALARM');
  });
});
