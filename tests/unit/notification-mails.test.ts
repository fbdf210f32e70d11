/**
 * Every e-mail the product sends, rendered (issue 32): each notification kind (the list in
 * modules/delivery/kinds.ts, so a new kind cannot be forgotten), the account e-mails, the admin's account
 * e-mails and the issue e-mails. For each: the subject, the price where the kind has one, where the button
 * goes, and that a calendar file is mentioned exactly when one is attached.
 */
import { describe, expect, it } from 'vitest';
import {
  accountLockedMail,
  changeEmailMail,
  emailChangedMail,
  guestTripMail,
  magicLinkMail,
  noLinkWithTwoFactorMail,
  resetPasswordMail,
  signupTakenMail,
  verifyEmailMail,
} from '../../src/server/auth/emails.ts';
import {
  accountReinstatedMail,
  accountSuspendedMail,
  twoFactorResetMail,
} from '../../src/server/modules/admin/emails.ts';
import { NOTIFICATION_KINDS } from '../../src/server/modules/delivery/kinds.ts';
import {
  BOOKING_MAIL_KINDS,
  CALENDAR_ATTACHED,
  type MailEnv,
  type NotificationMailFacts,
  RIDE_MAIL_KINDS,
  type RideMailFacts,
  renderNotificationMail,
} from '../../src/server/modules/delivery/mail.ts';
import { recordIssueMails } from '../../src/server/modules/issues/mails.ts';
import type { MailMessage } from '../../src/server/services/mail.ts';
import type { BookingDto } from '../../src/shared/marketplace/api.ts';
import type { NotificationType } from '../../src/shared/marketplace/notification-types.ts';
import { BOOKING_ID, booking, needs, PICKUP_AT, RIDE_ID } from './fixtures/booking-dto.ts';

const env: MailEnv = {
  APP_URL: 'https://app.example.test',
  BRAND_NAME: 'ShuttleQuote',
  SUPPORT_EMAIL: 'support@example.test',
  SUPPORT_PHONE: '+61240000000',
};
const APP = env.APP_URL;
function ride(over: Partial<RideMailFacts> = {}): RideMailFacts {
  return {
    id: RIDE_ID,
    status: 'open',
    pickup: { locality: 'Nelson Bay', postcode: '2315', address: '', name: null },
    destination: { locality: 'Williamtown', postcode: '2318', address: '', name: 'Newcastle Airport (NTL)' },
    pickupAt: new Date(PICKUP_AT),
    passengers: 3,
    luggageBags: 2,
    largeItems: [],
    needs,
    flightNumber: 'QF1234',
    budgetCents: 30000,
    notes: 'Two small children, one folding wheelchair',
    pair: null,
    quote: null,
    ...over,
  };
}

/** A return-pair quote: $155 is this leg's share, $310 the driver's price for both legs. */
const pairQuote = {
  priceCents: 15500,
  status: 'pending',
  driverName: 'Port Stephens Shuttles',
  pairTotalCents: 31000,
};

interface Expected {
  subject: RegExp;
  /** Where the button goes (after APP_URL). */
  button: string;
  buttonText?: string;
  /** The price the e-mail must show (subject and body), when the kind has one. */
  price?: string;
  calendar?: 'add' | 'cancel';
  /** Facts the worker loads for this kind; the rest render from the notification's own words. */
  facts?: NotificationMailFacts;
}

const WHEN = 'Wed 1 Dec, 6:30 am';
const TRIP = 'Nelson Bay → Newcastle Airport';
const asDriver = { viewerRole: 'driver' } as Partial<BookingDto>;

/** One entry per kind: a Record over NotificationType, so a kind added to the list fails typecheck here. */
const EXPECTED: Record<NotificationType, Expected> = {
  ride_matched: {
    subject: new RegExp(`^New trip request: ${TRIP}, ${WHEN}, 3 passengers$`),
    button: '/available-rides',
    buttonText: 'See the trip and quote',
    facts: { booking: null, ride: ride() },
  },
  quote_received: {
    subject: new RegExp(`^New quote \\$310 for both legs, ${TRIP} and back, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    buttonText: 'Compare your quotes',
    price: '$310',
    facts: { booking: null, ride: ride({ quote: pairQuote }) },
  },
  quote_updated: {
    subject: new RegExp(`^Quote changed: \\$139 for ${TRIP}, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    price: '$139',
    facts: {
      booking: null,
      ride: ride({ quote: { ...pairQuote, priceCents: 13900, pairTotalCents: null } }),
    },
  },
  quote_needs_confirmation: {
    subject: new RegExp(`^Trip changed, please confirm your quote: ${TRIP}, ${WHEN}$`),
    button: '/available-rides',
    buttonText: 'Confirm your quote',
    facts: { booking: null, ride: ride() },
  },
  quote_accepted: {
    subject: new RegExp(`^New booking \\$155: ${TRIP}, ${WHEN}$`),
    button: `/booking/${BOOKING_ID}`,
    price: '$155',
    calendar: 'add',
    facts: { booking: booking(asDriver), ride: null },
  },
  booking_confirmed: {
    subject: new RegExp(`^Booking confirmed: ${TRIP}, ${WHEN} with Port Stephens Shuttles$`),
    button: `/booking/${BOOKING_ID}`,
    price: '$155.00',
    calendar: 'add',
    facts: { booking: booking(), ride: null },
  },
  // The title says why: "Quote not chosen", or "The customer cancelled this request" (issue 32 item 6).
  quote_declined: {
    subject: new RegExp(`^Title of quote_declined: ${TRIP}, ${WHEN}$`),
    button: '/available-rides',
    facts: { booking: null, ride: ride({ status: 'booked' }) },
  },
  quote_invited: {
    subject: new RegExp(`^Open for quotes again: ${TRIP}, ${WHEN}$`),
    button: '/available-rides',
    facts: { booking: null, ride: ride() },
  },
  // The driver cancelled: the customer's trip reopened, so the button opens it (not the dead booking).
  booking_cancelled: {
    subject: new RegExp(`^Booking cancelled: ${TRIP}, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    buttonText: 'Choose another driver',
    calendar: 'cancel',
    facts: { booking: booking({ status: 'cancelled', cancelledBy: 'driver' }, 'open'), ride: null },
  },
  trip_completed: {
    subject: new RegExp(`^Trip completed: ${TRIP}, ${WHEN}$`),
    button: `/booking/${BOOKING_ID}`,
    buttonText: 'Rate your trip',
    facts: { booking: booking({ status: 'completed' }, 'completed'), ride: null },
  },
  rating_received: {
    subject: new RegExp(`^New rating for your trip ${TRIP}, ${WHEN}$`),
    button: `/booking/${BOOKING_ID}`,
    buttonText: 'See your rating',
    facts: { booking: booking({ status: 'completed' }, 'completed'), ride: null },
  },
  trip_reminder: {
    subject: new RegExp(`^Reminder: your shuttle ${WHEN}, ${TRIP}$`),
    button: `/booking/${BOOKING_ID}`,
    calendar: 'add',
    facts: { booking: booking(), ride: null },
  },
  // A driver's question: the customer answers it on the trip's page.
  question_asked: {
    subject: new RegExp(`^A driver asked about your trip ${TRIP}, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    buttonText: 'Answer the question',
    facts: { booking: null, ride: ride() },
  },
  question_answered: {
    subject: new RegExp(`^Answer about the trip ${TRIP}, ${WHEN}$`),
    button: `/available-rides#questions-${RIDE_ID}`,
    buttonText: 'Read the answer',
    facts: { booking: null, ride: ride() },
  },
  // Issue 32: a customer's question to one driver, and that driver's answer (subject: the title).
  customer_question: {
    subject: /^Title of customer_question$/,
    button: `/available-rides#questions-${RIDE_ID}`,
    buttonText: 'Answer the question',
  },
  customer_question_answered: {
    subject: /^Title of customer_question_answered$/,
    button: `/driver-matching/${RIDE_ID}#questions`,
    buttonText: 'Read the answer',
  },
  verification_submitted: {
    subject: /^Title of verification_submitted$/,
    button: `/admin/verifications/${RIDE_ID}`,
    buttonText: 'Review the driver',
  },
  verification_approved: { subject: /^Title/, button: '/driver-profile#verification' },
  verification_rejected: { subject: /^Title/, button: '/driver-profile#verification' },
  verification_suspended: { subject: /^Title/, button: '/driver-profile#verification' },
  verification_reinstated: { subject: /^Title/, button: '/driver-profile#verification' },
  document_rejected: { subject: /^Title/, button: '/driver-profile#documents' },
  document_expiring: { subject: /^Title/, button: '/driver-profile#documents' },
  document_expired: { subject: /^Title/, button: '/driver-profile#documents' },
  quote_withdrawn: {
    subject: new RegExp(`^Quote withdrawn: ${TRIP}, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    facts: { booking: null, ride: ride() },
  },
  // The statement kinds open the statement (its invoice), not the notifications.
  statement_issued: {
    subject: /^Title/,
    button: `/driver-billing/${RIDE_ID}`,
    buttonText: 'View the statement',
  },
  statement_due: {
    subject: /^Title/,
    button: `/driver-billing/${RIDE_ID}`,
    buttonText: 'View the statement',
  },
  statement_overdue: {
    subject: /^Title/,
    button: `/driver-billing/${RIDE_ID}`,
    buttonText: 'View the statement',
  },
  statement_hold: {
    subject: /^Title/,
    button: `/driver-billing/${RIDE_ID}`,
    buttonText: 'View the statement',
  },
  statement_paid: {
    subject: /^Title/,
    button: `/driver-billing/${RIDE_ID}`,
    buttonText: 'View the statement',
  },
  receipt_issued: {
    subject: new RegExp(`^Title of receipt_issued: ${TRIP}, ${WHEN}$`),
    button: `/booking/${BOOKING_ID}`,
    facts: { booking: booking({ status: 'completed' }, 'completed'), ride: null },
  },
  driver_on_the_way: { subject: /^Title/, button: `/booking/${RIDE_ID}` },
  driver_arrived: { subject: /^Title/, button: `/booking/${RIDE_ID}` },
  trip_update: { subject: /^Title/, button: `/booking/${RIDE_ID}` },
  trip_reminder_2h: {
    subject: new RegExp(`^Reminder: pickup ${WHEN}, ${TRIP}$`),
    button: `/booking/${BOOKING_ID}`,
    facts: { booking: booking(asDriver), ride: null },
  },
  no_show_marked: { subject: /^Title/, button: `/booking/${RIDE_ID}` },
  no_show_disputed: { subject: /^Title/, button: `/booking/${RIDE_ID}` },
  trip_problem_reported: {
    subject: /^Title/,
    button: `/admin/issues/${RIDE_ID}`,
    buttonText: 'Open the report',
  },
  booking_late: { subject: /^Title/, button: `/admin/bookings/${RIDE_ID}`, buttonText: 'Open the booking' },
  quote_lapsing: {
    subject: new RegExp(`^A quote lapses soon: ${TRIP}, ${WHEN}$`),
    button: `/driver-matching/${RIDE_ID}`,
    facts: { booking: null, ride: ride() },
  },
  quote_renew: {
    subject: new RegExp(`^Your quote lapses soon: ${TRIP}, ${WHEN}$`),
    button: `/available-rides#ride-${RIDE_ID}`,
    buttonText: 'Renew your quote',
    facts: { booking: null, ride: ride() },
  },
  quote_asked_again: {
    subject: new RegExp(`^Asked to quote again: ${TRIP}, ${WHEN}$`),
    button: `/available-rides#ride-${RIDE_ID}`,
    buttonText: 'Quote again',
    facts: { booking: null, ride: ride() },
  },
};

const render = (type: string, facts: NotificationMailFacts = { booking: null, ride: null }) => {
  const relatedId = facts.booking ? BOOKING_ID : RIDE_ID;
  return renderNotificationMail(
    { id: 'n1', type, title: `Title of ${type}`, message: `Message of ${type}.`, relatedId },
    facts,
    env,
  );
};

const ATTACHMENT_WORDS = /attach/i;

describe('every notification e-mail', () => {
  it('has an expectation for every kind in the kinds list, and the worker loads facts for the kinds that have them', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    for (const kind of NOTIFICATION_KINDS) {
      const facts = EXPECTED[kind].facts;
      if (facts?.booking) expect(BOOKING_MAIL_KINDS, kind).toContain(kind);
      if (facts?.ride) expect(RIDE_MAIL_KINDS, kind).toContain(kind);
    }
  });

  for (const kind of NOTIFICATION_KINDS) {
    it(`${kind}: subject, price, button and attachments`, () => {
      const want = EXPECTED[kind];
      const mail = render(kind, want.facts);
      expect(mail.subject).toMatch(want.subject);
      // The button opens the page the e-mail is about, in both parts.
      expect(mail.button.href).toBe(`${APP}${want.button}`);
      expect(mail.text).toContain(`${APP}${want.button}`);
      expect(mail.html).toContain(`href="${APP}${want.button.replace(/&/g, '&amp;')}"`);
      if (want.buttonText) expect(mail.button.text).toBe(want.buttonText);
      if (want.price) {
        expect(mail.subject + mail.text).toContain(want.price);
        expect(mail.html).toContain(want.price);
      }
      // Trips are named by their named places, addresses say the suburb once.
      if (want.facts) {
        expect(mail.subject).toContain('Newcastle Airport');
        expect(mail.subject).not.toContain('Williamtown');
        expect(mail.text).not.toMatch(/Williamtown,? Williamtown/);
      }
      // A calendar file is mentioned exactly when one is attached.
      if (want.calendar) {
        expect(mail.attachments.map((a) => a.filename)).toEqual([`booking-${BOOKING_ID}.ics`]);
        expect(mail.text).toContain(CALENDAR_ATTACHED[want.calendar]);
        const ics = mail.attachments[0]!.content;
        expect(ics).toContain(`METHOD:${want.calendar === 'cancel' ? 'CANCEL' : 'PUBLISH'}`);
        expect(ics).toContain(`SUMMARY:Shuttle: ${TRIP}`);
        expect(ics.replace(/\r?\n[ \t]/g, '')).toContain('LOCATION:12 Stockton St\\, Nelson Bay NSW 2315');
      } else {
        expect(mail.attachments).toEqual([]);
        expect(mail.text).not.toMatch(ATTACHMENT_WORDS);
        expect(mail.html).not.toMatch(ATTACHMENT_WORDS);
      }
    });
  }
});

describe('what the e-mails say', () => {
  it('a both-legs quote says the price for both legs everywhere, never one leg’s share', () => {
    const mail = render('quote_received', { booking: null, ride: ride({ quote: pairQuote }) });
    expect(mail.subject).toBe(`New quote $310 for both legs, ${TRIP} and back, ${WHEN}`);
    expect(mail.text).toContain('$310.00 for both legs from Port Stephens Shuttles');
    expect(mail.subject + mail.text).not.toContain('$155');
  });

  it('a quote for one leg of a return trip says so: the leg only, not the trip', () => {
    const pair = {
      leg: 'outbound' as const,
      otherLegPickupAt: new Date('2027-12-07T05:00:00Z'),
      otherLegFlightNumber: '',
    };
    const mail = render('quote_received', {
      booking: null,
      ride: ride({ pair, quote: { ...pairQuote, priceCents: 13900, pairTotalCents: null } }),
    });
    expect(mail.subject).toBe(`New quote $139 for the outbound leg only, ${TRIP}, ${WHEN}`);
    expect(mail.text).toContain('Quote: $139.00 for the outbound leg only from Port Stephens Shuttles');
  });

  it('"New trip request" gives the driver the needs, flight, budget and note, and no street address', () => {
    const mail = render('ride_matched', {
      booking: null,
      ride: ride({
        pair: {
          leg: 'outbound',
          otherLegPickupAt: new Date('2027-12-07T05:00:00Z'),
          otherLegFlightNumber: '',
        },
      }),
    });
    for (const words of [
      '1 child seat',
      '1 booster seat',
      'Folding wheelchair',
      'QF1234',
      "$300.00 (the customer's budget)",
      'Two small children, one folding wheelchair',
      'Newcastle Airport (NTL), Williamtown NSW 2318',
      'Return leg',
    ]) {
      expect(mail.text).toContain(words);
      expect(mail.html).toContain(words.replace(/'/g, '&#39;'));
    }
  });

  it('the customer’s quote e-mails do not show the customer their own budget and note as if to a driver', () => {
    const mail = render('quote_received', { booking: null, ride: ride({ quote: pairQuote }) });
    expect(mail.text).not.toContain('Budget');
  });

  it('a booking e-mail writes each address with its suburb once', () => {
    const mail = render('booking_confirmed', { booking: booking(), ride: null });
    expect(mail.text).toContain('Newcastle Airport (NTL)');
    expect(mail.text).toContain('Williamtown NSW 2318');
    expect(mail.text).not.toMatch(/Williamtown,? Williamtown/);
    expect(mail.text).toContain('12 Stockton St');
  });

  it('a cancelled booking opens the cancelled booking for the driver, named as such', () => {
    const mail = render('booking_cancelled', {
      booking: booking({ status: 'cancelled', cancelledBy: 'customer', viewerRole: 'driver' }, 'cancelled'),
      ride: null,
    });
    expect(mail.button).toEqual({ text: 'See the cancelled booking', href: `${APP}/booking/${BOOKING_ID}` });
    expect(mail.text).toContain('THE CANCELLED TRIP');
    expect(mail.text).toContain('$155.00, not due: the booking is cancelled');
    expect(mail.text).not.toContain('agreed, paid');
    expect(mail.attachments[0]!.content).toContain('STATUS:CANCELLED');
    expect(mail.attachments[0]!.content).not.toContain('BEGIN:VALARM');
  });
});

const brand = {
  BRAND_NAME: env.BRAND_NAME,
  SUPPORT_EMAIL: env.SUPPORT_EMAIL,
  SUPPORT_PHONE: env.SUPPORT_PHONE,
};
const LINK = `${APP}/some-link?token=abc`;

/** The account, admin and issue e-mails: subject, the button's link in both parts, no attachment talk. */
describe('the account, admin and issue e-mails', () => {
  const mails: Array<[string, MailMessage, string | null]> = [
    ['verify', verifyEmailMail(brand, 'a@example.test', LINK), LINK],
    ['guest trip', guestTripMail(brand, 'a@example.test', LINK, TRIP), LINK],
    ['reset', resetPasswordMail(brand, 'a@example.test', LINK), LINK],
    ['magic link', magicLinkMail(brand, 'a@example.test', LINK), LINK],
    ['no link with 2FA', noLinkWithTwoFactorMail(brand, 'a@example.test', LINK), LINK],
    ['change e-mail', changeEmailMail(brand, 'a@example.test', LINK), LINK],
    ['signup taken', signupTakenMail({ ...brand, APP_URL: APP }, 'a@example.test'), null],
  ];
  it.each(mails)('%s', (_name, mail, link) => {
    expect(mail.subject.length).toBeGreaterThan(5);
    if (link) {
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(`href="${link.replace(/&/g, '&amp;')}"`);
    } else {
      expect(mail.html).toContain(`href="${APP}/`);
    }
    expect(mail.attachments ?? []).toEqual([]);
    expect(mail.text + mail.html).not.toMatch(ATTACHMENT_WORDS);
  });

  it('account locked, e-mail changed, suspended, reinstated, 2FA reset: a subject and a link into the app', () => {
    const built: MailMessage[] = [
      accountLockedMail({ ...brand, APP_URL: APP }, 'a@example.test', '203.0.113.9', 15),
      emailChangedMail({ ...brand, APP_URL: APP }, 'a@example.test', {
        newEmail: 'b@example.test',
        when: 'Fri 27 Nov 2026, 9:00 am',
        undoUrl: LINK,
        days: 7,
      }),
      accountSuspendedMail(brand, APP, 'a@example.test', 'Reason given'),
      accountReinstatedMail(brand, APP, 'a@example.test'),
      twoFactorResetMail(brand, APP, 'a@example.test', 'Lost phone', false),
    ];
    for (const mail of built) {
      expect(mail.subject.length).toBeGreaterThan(5);
      expect(mail.html).toMatch(/href="https:\/\/app\.example\.test\/|href="mailto:/);
      expect(mail.attachments ?? []).toEqual([]);
      expect(mail.text + mail.html).not.toMatch(ATTACHMENT_WORDS);
    }
  });

  it('the issue report and its thank-you: subjects, the booking link, a screenshot linked not attached', async () => {
    const sent: MailMessage[] = [];
    const deps = {
      env: { ...env },
      mailer: {
        send: async (m: MailMessage) => {
          sent.push(m);
          return { id: 'x', messageId: 'y' };
        },
      },
    };
    await recordIssueMails(
      deps as never,
      {} as never,
      {
        id: 'i1',
        title: 'Driver was late',
        description: 'The driver came 30 minutes late.',
        category: 'late',
        priority: 'high',
        userEmail: 'casey@example.test',
        userType: 'customer',
        screenshotUrl: '/api/files/shot.png',
        bookingId: BOOKING_ID,
      } as never,
      { fullName: 'Casey Customer', email: 'casey@example.test' } as never,
      {
        id: BOOKING_ID,
        status: 'confirmed',
        pickupAt: PICKUP_AT,
        trip: 'Nelson Bay to Newcastle Airport',
        customer: { id: 'c', name: 'Casey Customer', email: 'casey@example.test' },
        driver: {
          id: 'd',
          name: 'Dana Driver',
          businessName: 'Port Stephens Shuttles',
          email: 'd@example.test',
        },
      },
    );
    const [report, thanks] = sent;
    expect(report!.subject).toBe('[Issue][high] Driver was late');
    expect(report!.html).toContain(`href="${APP}/admin/bookings/${BOOKING_ID}"`);
    expect(report!.html).toContain(`href="${APP}/api/files/shot.png"`);
    expect(report!.text + report!.html).not.toMatch(ATTACHMENT_WORDS);
    expect(thanks!.subject).toBe('We received your issue: Driver was late');
    expect(thanks!.html).toContain(`href="${APP}/booking/${BOOKING_ID}"`);
    expect(thanks!.text).toContain('Nelson Bay to Newcastle Airport');
  });
});
