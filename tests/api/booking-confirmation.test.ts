/**
 * Issue 12, points 1, 2 and 10: accepting a quote confirms the booking to both sides, in the app and by
 * e-mail (with the .ics); the e-mails stand on their own (a subject that says what and where, the day's
 * details with the other side's phone, the brand, the support contacts); the 24-hour reminder carries the
 * same. Read the way a person reads them: the notifications API and the development mailbox.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sweepExpired } from '../../src/server/jobs/sweep.ts';
import type { BookingDto, NotificationDto, QuoteDto } from '../../src/shared/marketplace/api.ts';
import {
  databaseKinds,
  deliverNotifications,
  type MailRow,
  makeAdmin,
  readMailbox,
  signedInClient,
  startServer,
  type TestClient,
  type TestServer,
} from './helpers.ts';
import { HIACE, hoursFromNow, insertQuote, insertRide, PLACES, setVehicle } from './marketplace-fixtures.ts';

interface Person {
  client: TestClient;
  userId: string;
  email: string;
  password: string;
}

const BRAND = 'Port Stephens Shuttle Co';
const SUPPORT_EMAIL = 'help@pss.example';
const SUPPORT_PHONE = '(02) 4981 0000';
/** Fri 26 Nov 2027, 5:30 am in Sydney (AEDT, UTC+11). */
const PICKUP = new Date('2027-11-25T18:30:00Z');

describe.each(databaseKinds())('booking confirmation and e-mails that stand on their own (%s)', (kind) => {
  let server: TestServer;
  let customer: Person;
  let driver: Person;
  let phoneless: Person;
  let stranger: Person;
  let admin: Person;

  beforeAll(async () => {
    server = await startServer(kind, {
      env: { BRAND_NAME: BRAND, SUPPORT_EMAIL, SUPPORT_PHONE },
    });
    [customer, driver, phoneless, stranger, admin] = await Promise.all([
      signedInClient(server, { userType: 'customer', fullName: 'Cara Whitfield', phone: '0412 345 678' }),
      signedInClient(server, {
        userType: 'driver',
        fullName: 'Dana Driverson',
        companyName: 'Port Stephens Shuttles',
        phone: '+61 498 765 432',
      }),
      signedInClient(server, { userType: 'driver', fullName: 'Olly Oldaccount', companyName: 'Old Coaches' }),
      signedInClient(server, { userType: 'customer', fullName: 'Sam Stranger' }),
      signedInClient(server, { userType: 'customer', fullName: 'Ada Admin' }),
    ]);
    await makeAdmin(server, admin);
    await setVehicle(server.db, driver.userId, HIACE);
    await setVehicle(server.db, phoneless.userId, { ...HIACE, registration: 'OLD999' });
    // An account made before phone numbers were asked for.
    await server.db.execute(sql`update users set phone = null where id = ${phoneless.userId}`);
    await server.db.execute(
      sql`update drivers set business_phone = null where user_id = ${phoneless.userId}`,
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  const deliver = () => deliverNotifications(server);

  const notificationsOf = async (who: Person) =>
    ((await (await who.client.get('/api/notifications')).json()) as { items: NotificationDto[] }).items;

  const mailOf = async (who: Person, type: string, relatedTo?: string): Promise<MailRow> => {
    const mails = (await readMailbox(server.baseUrl, who.email)).filter(
      (m) => m.kind === 'notification' && m.meta.notificationType === type,
    );
    const mail = relatedTo ? mails.find((m) => m.text.includes(relatedTo)) : mails[0];
    if (!mail) throw new Error(`no ${type} e-mail for ${who.email}`);
    return mail;
  };

  const accept = async (quoteId: string) => {
    const res = await customer.client.post(`/api/quotes/${quoteId}/accept`, { acceptFare: true });
    expect(res.status).toBe(201);
    return ((await res.json()) as { booking: BookingDto }).booking;
  };

  const footerOk = (mail: MailRow) => {
    for (const part of [mail.text, mail.html!]) {
      expect(part).toContain(BRAND);
      expect(part).toContain(SUPPORT_EMAIL);
      expect(part).toContain('(02) 4981 0000');
      expect(part).toContain(`${server.baseUrl}/settings`);
    }
    expect(mail.html).toContain(`href="mailto:${SUPPORT_EMAIL}"`);
    expect(mail.html).toContain('href="tel:+61249810000"');
    expect(mail.html).toContain('max-width:600px');
    expect(mail.html).not.toMatch(/<link|@import|url\(/i);
    expect(mail.html).not.toMatch(/<img(?![^>]*src="cid:)/i);
  };

  it('a new quote e-mail says the price, the trip and the time in its subject', async () => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    const res = await driver.client.post('/api/quotes', {
      rideId: ride.id,
      price: 139,
      message: 'Door to door, child seat on request.',
    });
    expect(res.status).toBe(201);
    await deliver();
    const mail = await mailOf(customer, 'quote_received');
    expect(mail.subject).toBe('New quote $139 for Nelson Bay → Newcastle Airport, Fri 26 Nov, 5:30 am');
    expect(mail.text).toContain('When: Fri 26 Nov 2027, 5:30 am (Sydney time)');
    expect(mail.text).toContain('Quote: $139.00 from Port Stephens Shuttles');
    expect(mail.text).toContain(`Compare your quotes: ${server.baseUrl}/driver-matching/${ride.id}`);
    // Before a booking nobody's phone or e-mail is in it.
    expect(mail.text).not.toMatch(/0498 ?765 ?432|\+61498|@example\.com/);
    footerOk(mail);
  });

  it("accepting confirms the booking to both sides, in the app and by e-mail with the day's details", async () => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 13900,
    });
    const booking = await accept(quote.id);

    // In the app: the customer is told (booking_confirmed), the driver too (quote_accepted).
    const mine = (await notificationsOf(customer)).find(
      (n) => n.type === 'booking_confirmed' && n.relatedId === booking.id,
    );
    expect(mine).toMatchObject({ title: 'Booking confirmed', isRead: false });
    expect(mine!.message).toBe(
      'Your shuttle from Nelson Bay to Newcastle Airport on Fri 26 Nov 2027, 5:30 am (Sydney time) is booked for $139.00. ' +
        'Pickup: 35 Stockton St, Nelson Bay. Drop-off: Newcastle Airport, 1 Williamtown Dr, Williamtown. ' +
        'Driver: Port Stephens Shuttles (Dana Driverson, 0498 765 432). Vehicle: Toyota HiAce, white, plate ABC123. ' +
        'Booked for 3 passengers, 2 bags, surfboard. Flight QF1504.',
    );
    expect(
      (await notificationsOf(driver)).some((n) => n.type === 'quote_accepted' && n.relatedId === booking.id),
    ).toBe(true);

    await deliver();

    // The customer's e-mail.
    const toCustomer = await mailOf(customer, 'booking_confirmed', booking.id);
    expect(toCustomer.subject).toBe(
      'Booking confirmed: Nelson Bay → Newcastle Airport, Fri 26 Nov, 5:30 am with Port Stephens Shuttles',
    );
    for (const line of [
      'Your booking is confirmed',
      'When: Fri 26 Nov 2027, 5:30 am (Sydney time)',
      'Pickup: 35 Stockton St\n  Nelson Bay NSW 2315',
      'Drop-off: Newcastle Airport, 1 Williamtown Dr\n  Williamtown NSW 2318',
      'Flight: QF1504',
      'Passengers: 3',
      'Luggage: 2 bags, surfboard',
      'Fare: $139.00 agreed, paid to the driver directly',
      'Driver: Port Stephens Shuttles\n  Dana Driverson',
      'Phone: 0498 765 432',
      `E-mail: ${driver.email}`,
      'Vehicle: Toyota HiAce, white, 2022',
      'Number plate: ABC123',
      `View the booking: ${server.baseUrl}/booking/${booking.id}`,
      'The booking is attached as a calendar file (.ics)',
    ]) {
      expect(toCustomer.text).toContain(line);
    }
    expect(toCustomer.html).toContain('href="tel:+61498765432"');
    expect(toCustomer.html).toContain('>0498 765 432</a>');
    expect(toCustomer.html).toContain(`href="${server.baseUrl}/booking/${booking.id}"`);
    expect(toCustomer.html).toContain('35 Stockton St');
    footerOk(toCustomer);
    const ics = toCustomer.attachments.find((a) => a.filename === `booking-${booking.id}.ics`);
    const calendar = ics!.content.replace(/\r?\n[ \t]/g, '').replace(/\\([,;\\])/g, '$1');
    expect(calendar).toContain('DTSTART:20271125T183000Z');
    expect(calendar).toContain('Pickup: Fri 26 Nov 2027, 5:30 am (Sydney time)');
    expect(calendar).toContain('Driver: Port Stephens Shuttles, Dana Driverson, phone 0498 765 432');
    expect(calendar).toContain('Customer: Cara Whitfield, phone 0412 345 678');
    expect(calendar).toContain('Luggage: 2 bags, surfboard');

    // The driver's e-mail: the customer's name and phone, the addresses.
    const toDriver = await mailOf(driver, 'quote_accepted', booking.id);
    expect(toDriver.subject).toBe('New booking $139: Nelson Bay → Newcastle Airport, Fri 26 Nov, 5:30 am');
    for (const line of [
      'New booking: your quote was accepted',
      'Pickup: 35 Stockton St',
      'Passengers: 3',
      'Fare: $139.00 agreed, paid to you by the customer directly',
      'Name: Cara Whitfield',
      'Phone: 0412 345 678',
      'Number plate: ABC123',
    ]) {
      expect(toDriver.text).toContain(line);
    }
    expect(toDriver.html).toContain('href="tel:+61412345678"');
    footerOk(toDriver);
    expect(toDriver.attachments.map((a) => a.filename)).toEqual([`booking-${booking.id}.ics`]);
  });

  it('a driver without a phone number: the e-mail and the booking say so', async () => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP, from: PLACES.annaBay });
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: phoneless.userId,
      priceCents: 9950,
    });
    const booking = await accept(quote.id);
    expect(booking.driver.contact.phone).toBeNull();
    await deliver();
    const mail = await mailOf(customer, 'booking_confirmed', booking.id);
    expect(mail.subject).toBe(
      'Booking confirmed: Anna Bay → Newcastle Airport, Fri 26 Nov, 5:30 am with Old Coaches',
    );
    expect(mail.text).toContain('Phone: No phone number given');
    expect(mail.text).toContain('Number plate: OLD999');
    const [n] = (await notificationsOf(customer)).filter(
      (x) => x.type === 'booking_confirmed' && x.relatedId === booking.id,
    );
    expect(n!.message).toContain('Old Coaches (Olly Oldaccount, no phone number given)');
  });

  it('the phone numbers are on the booking only for its two sides and admins', async () => {
    const ride = await insertRide(server.db, customer.userId, { pickupAt: PICKUP, from: PLACES.shoalBay });
    const quote = await insertQuote(server.db, { rideId: ride.id, driverId: driver.userId });
    const booking = await accept(quote.id);
    for (const who of [customer, driver, admin]) {
      const seen = (
        (await (await who.client.get(`/api/bookings/${booking.id}`)).json()) as { booking: BookingDto }
      ).booking;
      expect(seen.driver.contact.phone).toBe('+61498765432');
      expect(seen.customer.contact.phone).toBe('+61412345678');
    }
    const res = await stranger.client.get(`/api/bookings/${booking.id}`);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toMatch(/\+61498765432|\+61412345678/);
    const list = await (await stranger.client.get('/api/bookings')).text();
    expect(list).not.toMatch(/\+61498765432|\+61412345678/);
    // A quote card shows no phone before the booking.
    const other = await insertRide(server.db, customer.userId, { pickupAt: PICKUP });
    await driver.client.post('/api/quotes', { rideId: other.id, price: 80, message: 'Happy to help.' });
    const quotes = await (await customer.client.get(`/api/quotes?rideId=${other.id}`)).text();
    expect((JSON.parse(quotes) as { items: QuoteDto[] }).items).toHaveLength(1);
    // The phone in any form it is written, not bare digits: a random uuid once contained "0498".
    expect(quotes).not.toMatch(/\+61498765432|0498 ?765 ?432|498765432/);
  });

  it('the 24-hour reminder names the driver, the phone, the vehicle and the plate (and the customer to the driver)', async () => {
    const ride = await insertRide(server.db, customer.userId, {
      pickupAt: hoursFromNow(20),
      from: PLACES.nelsonBay,
      to: PLACES.raymondTerrace,
    });
    const quote = await insertQuote(server.db, {
      rideId: ride.id,
      driverId: driver.userId,
      priceCents: 7000,
    });
    const booking = await accept(quote.id);
    await sweepExpired(server.db);

    const forCustomer = (await notificationsOf(customer)).find(
      (n) => n.type === 'trip_reminder' && n.relatedId === booking.id,
    );
    expect(forCustomer!.message).toContain('Driver: Port Stephens Shuttles (Dana Driverson, 0498 765 432)');
    expect(forCustomer!.message).toContain('Vehicle: Toyota HiAce, white, plate ABC123');
    expect(forCustomer!.message).toContain('at 35 Stockton St, Nelson Bay');
    const forDriver = (await notificationsOf(driver)).find(
      (n) => n.type === 'trip_reminder' && n.relatedId === booking.id,
    );
    expect(forDriver!.message).toContain('you pick up Cara Whitfield, 0412 345 678');
    expect(forDriver!.message).toContain('3 passengers, 2 bags, surfboard');

    await deliver();
    const mail = await mailOf(customer, 'trip_reminder', booking.id);
    expect(mail.subject).toMatch(
      /^Reminder: your shuttle \w{3} \d{1,2} \w{3}, \d{1,2}:\d{2} [ap]m, Nelson Bay → Raymond Terrace$/,
    );
    for (const line of [
      'Your shuttle is coming up',
      'Phone: 0498 765 432',
      'Vehicle: Toyota HiAce',
      'Number plate: ABC123',
    ]) {
      expect(mail.text).toContain(line);
    }
    const driverMail = await mailOf(driver, 'trip_reminder', booking.id);
    expect(driverMail.subject).toMatch(/^Reminder: pickup .+, Nelson Bay → Raymond Terrace$/);
    expect(driverMail.text).toContain('Phone: 0412 345 678');
    expect(driverMail.text).toContain('Pickup: 35 Stockton St');
  });
});
