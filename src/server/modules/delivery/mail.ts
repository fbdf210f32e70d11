/**
 * The e-mail of each notification kind, rendered from what it is about (issue 32): the booking (its day's
 * details and calendar file), or the trip request (its needs, flight, budget and note), or the notification's
 * own words. No database here: jobs/delivery-worker.ts loads the facts and sends what this returns, and
 * tests/unit/notification-mails.test.ts renders every kind of NOTIFICATION_KINDS with it.
 *
 * Each e-mail says the price of what it is about (both legs of a return-pair quote, not one leg's share),
 * names the trip by its named places (shared/marketplace/place-names.ts), has a button that opens the page
 * it is about, and mentions a calendar file only when it carries one.
 */
import type { BookingDto } from '../../../shared/marketplace/api.ts';
import { formatAud } from '../../../shared/marketplace/money.ts';
import type { RideNeeds } from '../../../shared/marketplace/needs.ts';
import { needsLabels } from '../../../shared/marketplace/needs-labels.ts';
import {
  type PlaceEnd,
  placeAddress,
  placeAddressLines,
  routeName,
} from '../../../shared/marketplace/place-names.ts';
import { formatSydneyDateTime, formatSydneyShort } from '../../../shared/marketplace/time.ts';
import { plural } from '../../../shared/plural.ts';
import { formatPhone, PHONE_MESSAGES, phoneHref } from '../../../shared/validation/phone.ts';
import type { StoredAttachment } from '../../db/schema/index.ts';
import type { Env } from '../../env.ts';
import {
  type EmailInline,
  type EmailLink,
  type EmailRow,
  type EmailSection,
  renderEmail,
} from '../../services/email-layout.ts';
import { bookingCalendar } from '../../services/ics.ts';
import { CALENDAR_KINDS, isNotificationKind, NOTIFICATION_KIND_LABELS, notificationPath } from './kinds.ts';
import { pairMailLead, pairMailSections, pairMailSubject } from './pair-mail.ts';

export type MailEnv = Pick<Env, 'APP_URL' | 'BRAND_NAME' | 'SUPPORT_EMAIL' | 'SUPPORT_PHONE'>;

/** The notification an e-mail is for. */
export interface MailNotification {
  id: string;
  type: string;
  title: string;
  message: string;
  relatedId: string | null;
}

/** A trip request as a notification e-mail shows it: never a contact, never a street address. */
export interface RideMailFacts {
  id: string;
  /** 'open', 'booked', 'cancelled'... */
  status: string;
  pickup: PlaceEnd & { postcode: string };
  destination: PlaceEnd & { postcode: string };
  pickupAt: Date;
  passengers: number;
  luggageBags: number;
  largeItems: string[];
  needs: RideNeeds;
  flightNumber: string;
  /** Null when the customer gave no budget. */
  budgetCents: number | null;
  notes: string;
  /** The other leg when this request is one leg of a return trip. */
  pair: { leg: 'outbound' | 'return'; otherLegPickupAt: Date | null; otherLegFlightNumber: string } | null;
  /** The quote a quote_received / quote_updated notification reports. */
  quote?: {
    priceCents: number;
    status: string;
    driverName: string;
    /** A return-pair quote: the driver's price for both legs (priceCents is this leg's share). */
    pairTotalCents: number | null;
  } | null;
}

export interface NotificationMailFacts {
  booking: BookingDto | null;
  ride: RideMailFacts | null;
}

export interface RenderedNotificationMail {
  subject: string;
  html: string;
  text: string;
  button: EmailLink;
  attachments: StoredAttachment[];
}

/** Kinds about a booking (relatedId is the booking): their e-mail carries the day's details. */
export const BOOKING_MAIL_KINDS: readonly string[] = [
  'quote_accepted',
  'booking_confirmed',
  'booking_cancelled',
  'trip_reminder',
  'trip_reminder_2h',
  'trip_completed',
  'rating_received',
  'receipt_issued',
];
/** Kinds about a trip request (relatedId is the ride): the trip without contacts or street addresses. */
export const RIDE_MAIL_KINDS: readonly string[] = [
  'ride_matched',
  'quote_received',
  'quote_updated',
  'quote_needs_confirmation',
  'quote_declined',
  'quote_invited',
  'quote_withdrawn',
  'quote_lapsing',
  'quote_renew',
  'quote_asked_again',
  'question_asked',
  'question_answered',
];
/** The ride kinds whose e-mail reports one quote (loaded with the ride). */
export const QUOTE_MAIL_KINDS: readonly string[] = ['quote_received', 'quote_updated'];

/** '$139' for whole dollars, '$139.50' otherwise: short enough for a subject line. */
export function audShort(cents: number): string {
  return cents % 100 === 0 ? `$${(cents / 100).toLocaleString('en-AU')}` : formatAud(cents);
}

function luggageText(bags: number, largeItems: string[]): string {
  const parts = [bags > 0 ? plural(bags, 'bag') : '', ...largeItems].filter(Boolean);
  return parts.length ? parts.join(', ') : 'None';
}

const phoneValue = (phone: string | null): EmailInline =>
  phone ? { text: formatPhone(phone), href: phoneHref(phone) } : PHONE_MESSAGES.none;

/** The trip and the other side, as they matter on the day (date, places, people, fare, phone, vehicle). */
export function bookingSections(booking: BookingDto): EmailSection[] {
  const { ride, driver, customer } = booking;
  const asDriver = booking.viewerRole === 'driver';
  // A cancelled booking is told as such: its trip titled so, its fare not due (issue 32).
  const cancelled = booking.status === 'cancelled';
  const v = driver.vehicle;
  const vehicle = [[v.make, v.model].filter(Boolean).join(' '), v.color, v.year ? String(v.year) : '']
    .filter(Boolean)
    .join(', ');
  const trip: EmailRow[] = [
    { label: 'When', value: `${formatSydneyDateTime(ride.pickupAt)} (Sydney time)` },
    { label: 'Pickup', value: placeAddressLines(ride.pickup) },
    { label: 'Drop-off', value: placeAddressLines(ride.destination) },
    ...(ride.flightNumber ? [{ label: 'Flight', value: ride.flightNumber }] : []),
    { label: 'Passengers', value: String(ride.passengers) },
    { label: 'Luggage', value: luggageText(ride.luggageBags, ride.largeItems) },
    // Issue 30: every need (child seats, wheelchair...), one a line, so the driver comes equipped.
    ...(needsLabels(ride.needs).length ? [{ label: 'Needs', value: needsLabels(ride.needs) }] : []),
    {
      label: 'Fare',
      value: cancelled
        ? `${formatAud(booking.priceCents)}, not due: the booking is cancelled`
        : `${formatAud(booking.priceCents)} agreed, paid ${asDriver ? 'to you by the customer' : 'to the driver'} directly`,
    },
    ...(ride.notes.trim() ? [{ label: 'Notes', value: ride.notes.trim() }] : []),
    { label: 'Reference', value: booking.id.slice(0, 8).toUpperCase() },
  ];
  const other: EmailSection = asDriver
    ? {
        title: 'Your customer',
        rows: [
          { label: 'Name', value: customer.contact.name },
          { label: 'Phone', value: phoneValue(customer.contact.phone) },
          {
            label: 'E-mail',
            value: { text: customer.contact.email, href: `mailto:${customer.contact.email}` },
          },
        ],
      }
    : {
        title: 'Your driver',
        rows: [
          {
            label: 'Driver',
            value: driver.companyName ? [driver.companyName, driver.contact.name] : driver.contact.name,
          },
          { label: 'Phone', value: phoneValue(driver.contact.phone) },
          { label: 'E-mail', value: { text: driver.contact.email, href: `mailto:${driver.contact.email}` } },
        ],
      };
  const car: EmailRow[] = [
    { label: 'Vehicle', value: vehicle || 'See the booking' },
    { label: 'Number plate', value: v.registration || 'See the booking' },
  ];
  if (asDriver)
    return [{ title: cancelled ? 'The cancelled trip' : 'The trip', rows: [...trip, ...car] }, other];
  return [
    { title: cancelled ? 'Your cancelled trip' : 'Your trip', rows: trip },
    { ...other, rows: [...other.rows, ...car] },
  ];
}

/** What a return-pair quote or a single quote costs, as the subject and the table say it. */
function quotePrice(q: NonNullable<RideMailFacts['quote']>, short = false): string {
  const fmt = short ? audShort : formatAud;
  return q.pairTotalCents !== null ? `${fmt(q.pairTotalCents)} for both legs` : fmt(q.priceCents);
}

/**
 * The quote's price and what it covers, for a subject: "$139 for Nelson Bay → Newcastle Airport", "$310 for
 * both legs, Nelson Bay → Newcastle Airport and back", and for one leg of a return trip quoted alone "$139 for
 * the outbound leg only, Nelson Bay → Newcastle Airport" (never a leg's price as if for the whole trip).
 */
function quoteFor(q: NonNullable<RideMailFacts['quote']>, r: RideMailFacts, trip: string): string {
  if (q.pairTotalCents !== null) return `${quotePrice(q, true)}, ${trip}`;
  if (r.pair) return `${audShort(q.priceCents)} for the ${r.pair.leg} leg only, ${trip}`;
  return `${audShort(q.priceCents)} for ${trip}`;
}

/** The trip as the e-mail names it: "A → B", or "A → B and back" for a return-pair quote. */
function rideTrip(r: RideMailFacts, bothLegs: boolean): string {
  const trip = routeName(r.pickup, r.destination);
  return bothLegs ? `${trip} and back` : trip;
}

/**
 * The request as a driver acts on it (issue 32): when, where (named places, suburbs; no street address),
 * who and what comes along, every need, the flight, the budget and the customer's note. The customer's
 * own e-mails about quotes show the quote too.
 */
export function rideSections(r: RideMailFacts, opts: { forDriver: boolean }): EmailSection[] {
  const end = (p: RideMailFacts['pickup']) => placeAddress({ ...p, address: '' });
  const needs = needsLabels(r.needs);
  const rows: EmailRow[] = [
    { label: 'When', value: `${formatSydneyDateTime(r.pickupAt)} (Sydney time)` },
    { label: 'From', value: end(r.pickup) },
    { label: 'To', value: end(r.destination) },
    ...(r.pair?.otherLegPickupAt
      ? [
          {
            label: r.pair.leg === 'outbound' ? 'Return leg' : 'Outbound leg',
            value: `${formatSydneyDateTime(r.pair.otherLegPickupAt)} (Sydney time)`,
          },
        ]
      : []),
    { label: 'Passengers', value: String(r.passengers) },
    { label: 'Luggage', value: luggageText(r.luggageBags, r.largeItems) },
    ...(needs.length ? [{ label: 'Needs', value: needs }] : []),
    ...(r.flightNumber.trim() ? [{ label: 'Flight', value: r.flightNumber.trim() }] : []),
  ];
  if (opts.forDriver) {
    rows.push({
      label: 'Budget',
      value:
        r.budgetCents === null ? 'No budget given' : `${formatAud(r.budgetCents)} (the customer's budget)`,
    });
    if (r.notes.trim()) rows.push({ label: 'Note from the customer', value: r.notes.trim() });
  }
  if (r.quote && r.quote.status !== 'withdrawn') {
    const leg = r.quote.pairTotalCents === null && r.pair ? ` for the ${r.pair.leg} leg only` : '';
    rows.push({ label: 'Quote', value: `${quotePrice(r.quote)}${leg} from ${r.quote.driverName}` });
  }
  return [{ title: 'The trip', rows }];
}

/** The subject: what happened, where and when, from the notification's kind and its record. */
export function mailSubject(
  n: Pick<MailNotification, 'type' | 'title'>,
  ctx: { booking?: BookingDto | null; ride?: RideMailFacts | null },
): string {
  const { booking, ride } = ctx;
  if (booking) {
    const trip = routeName(booking.ride.pickup, booking.ride.destination);
    const when = formatSydneyShort(booking.ride.pickupAt);
    const driver = booking.driver.companyName || booking.driver.contact.name;
    // A return pair booked together is one booking with two legs (issue 32): its own subjects.
    const paired = pairMailSubject(n.type, booking, trip, driver);
    if (paired) return paired;
    switch (n.type) {
      case 'booking_confirmed':
        return `Booking confirmed: ${trip}, ${when} with ${driver}`;
      case 'quote_accepted':
        return `New booking ${audShort(booking.priceCents)}: ${trip}, ${when}`;
      case 'trip_reminder':
      case 'trip_reminder_2h':
        return booking.viewerRole === 'driver'
          ? `Reminder: pickup ${when}, ${trip}`
          : `Reminder: your shuttle ${when}, ${trip}`;
      case 'booking_cancelled':
        return `Booking cancelled: ${trip}, ${when}`;
      case 'trip_completed':
        return `Trip completed: ${trip}, ${when}`;
      case 'rating_received':
        return `New rating for your trip ${trip}, ${when}`;
      case 'receipt_issued':
        // "Receipt R-0001 from <business>" and the trip; the amount (it may be less than the fare) is in
        // the message.
        return `${n.title}: ${trip}, ${when}`;
    }
  }
  if (ride) {
    const q = ride.quote;
    const trip = rideTrip(ride, Boolean(q && q.pairTotalCents !== null));
    const when = formatSydneyShort(ride.pickupAt);
    switch (n.type) {
      case 'quote_received':
        return q ? `New quote ${quoteFor(q, ride, trip)}, ${when}` : `New quote for ${trip}, ${when}`;
      case 'quote_updated':
        if (q?.status === 'withdrawn') return `Quote withdrawn: ${trip}, ${when}`;
        return q
          ? `${n.title.startsWith('Quote confirmed') ? 'Quote confirmed' : 'Quote changed'}: ${quoteFor(q, ride, trip)}, ${when}`
          : `Quote changed: ${trip}, ${when}`;
      case 'ride_matched':
        return `New trip request: ${trip}, ${when}, ${plural(ride.passengers, 'passenger')}`;
      case 'quote_needs_confirmation':
        return `Trip changed, please confirm your quote: ${trip}, ${when}`;
      case 'quote_declined':
        // "Quote not chosen", "The customer cancelled this request" (issue 32), "Trip request closed".
        return `${n.title}: ${trip}, ${when}`;
      case 'quote_invited':
        return `Open for quotes again: ${trip}, ${when}`;
      case 'quote_withdrawn':
        return `Quote withdrawn: ${trip}, ${when}`;
      case 'quote_lapsing':
        return `A quote lapses soon: ${trip}, ${when}`;
      case 'quote_renew':
        return `Your quote lapses soon: ${trip}, ${when}`;
      case 'quote_asked_again':
        return `Asked to quote again: ${trip}, ${when}`;
      case 'question_asked':
        return `A driver asked about your trip ${trip}, ${when}`;
      case 'question_answered':
        return `Answer about the trip ${trip}, ${when}`;
    }
  }
  return n.title;
}

function bookingHeading(type: string, booking: BookingDto): string | null {
  switch (type) {
    case 'booking_confirmed':
      return 'Your booking is confirmed';
    case 'quote_accepted':
      return 'New booking: your quote was accepted';
    case 'trip_reminder':
    case 'trip_reminder_2h':
      return booking.viewerRole === 'driver' ? 'Your pickup is coming up' : 'Your shuttle is coming up';
    case 'booking_cancelled':
      return 'Booking cancelled';
    default:
      return null;
  }
}

/**
 * The opening sentence of a booking e-mail. The details follow in the table, so the day's kinds say what
 * happened in a few words rather than repeat the in-app message (which carries every detail in one line).
 */
function bookingLead(type: string, booking: BookingDto, message: string): string {
  const trip = routeName(booking.ride.pickup, booking.ride.destination, { words: true });
  const driver = booking.driver.companyName || booking.driver.contact.name;
  const customer = booking.customer.contact.name;
  const onTheDay = 'Keep this e-mail: it has everything you need on the day.';
  switch (type) {
    case 'booking_confirmed':
      return `Your shuttle from ${trip} is booked with ${driver}. ${onTheDay}`;
    case 'quote_accepted':
      return `${customer} accepted your quote of ${formatAud(booking.priceCents)} for ${trip}. ${onTheDay}`;
    case 'trip_reminder':
      return booking.viewerRole === 'driver'
        ? `You pick up ${customer} within the next 24 hours, for ${trip}. Call them if anything changes.`
        : `Your shuttle from ${trip} picks you up within the next 24 hours. Be ready at the pickup address a few minutes early; call your driver if anything changes.`;
    default:
      return message;
  }
}

/** Kinds whose button names what the reader does there; the rest are named by the page they open. */
const BUTTON_TEXT: Partial<Record<string, string>> = {
  question_asked: 'Answer the question',
  question_answered: 'Read the answer',
  customer_question: 'Answer the question',
  customer_question_answered: 'Read the answer',
  quote_needs_confirmation: 'Confirm your quote',
  quote_renew: 'Renew your quote',
  quote_asked_again: 'Quote again',
  ride_matched: 'See the trip and quote',
  quote_invited: 'See the trip and quote',
  rating_received: 'See your rating',
  trip_completed: 'Rate your trip',
  receipt_issued: 'View the booking and receipt',
  verification_submitted: 'Review the driver',
  trip_problem_reported: 'Open the report',
  booking_late: 'Open the booking',
};

function buttonText(type: string, path: string): string {
  const named = BUTTON_TEXT[type];
  if (named) return named;
  if (path.startsWith('/booking/')) return 'View the booking';
  if (path.startsWith('/driver-matching/')) return 'Compare your quotes';
  if (path.startsWith('/available-rides')) return 'See available trips';
  if (path.startsWith('/driver-profile')) return 'Open your driver profile';
  if (path.startsWith('/driver-billing/')) return 'View the statement';
  if (path.startsWith('/admin/')) return 'Open it in the admin pages';
  return 'Open your notifications';
}

/**
 * Where the e-mail's button goes: the page the notification leads to (notificationPath), except for a
 * cancelled booking, which is not opened as if it were live: a customer whose trip reopened goes to the
 * reopened request (to choose another driver), anyone else to the cancelled booking's page, named as such.
 */
export function mailButton(
  n: Pick<MailNotification, 'type' | 'relatedId'>,
  booking: BookingDto | null,
): {
  path: string;
  text: string;
} {
  if (n.type === 'booking_cancelled' && booking) {
    if (booking.viewerRole === 'customer' && booking.ride.status === 'open') {
      return { path: `/driver-matching/${booking.ride.id}`, text: 'Choose another driver' };
    }
    return { path: `/booking/${booking.id}`, text: 'See the cancelled booking' };
  }
  const path = notificationPath(n.type, n.relatedId);
  return { path, text: buttonText(n.type, path) };
}

/** The sentence about the attachment, said only when the e-mail carries it. */
export const CALENDAR_ATTACHED = {
  add: 'The booking is attached as a calendar file (.ics): open it to add the trip to your calendar.',
  cancel:
    'A calendar file (.ics) is attached: open it to take the cancelled trip out of your calendar, if you added it.',
} as const;

export function renderNotificationMail(
  n: MailNotification,
  facts: NotificationMailFacts,
  env: MailEnv,
  onError: (what: string, err: unknown) => void = () => {},
): RenderedNotificationMail {
  const appUrl = env.APP_URL.replace(/\/$/, '');
  const { booking, ride } = facts;
  const attachments: StoredAttachment[] = [];
  if (booking && CALENDAR_KINDS.includes(n.type)) {
    try {
      attachments.push({
        filename: `booking-${booking.id}.ics`,
        content: bookingCalendar(booking, { brandName: env.BRAND_NAME, appUrl }),
        contentType: `text/calendar; charset=utf-8; method=${booking.status === 'cancelled' ? 'CANCEL' : 'PUBLISH'}`,
      });
    } catch (err) {
      // The e-mail still goes; only the calendar file (and the sentence about it) is missing.
      onError('calendar', err);
    }
  }
  const subject = mailSubject(n, { booking, ride });
  const button = mailButton(n, booking);
  const label = isNotificationKind(n.type) ? NOTIFICATION_KIND_LABELS[n.type] : n.title;
  const forDriver = ![
    'quote_received',
    'quote_updated',
    'quote_withdrawn',
    'quote_lapsing',
    'question_asked',
  ].includes(n.type);
  const cancelled = booking?.status === 'cancelled';
  const { html, text } = renderEmail({
    brandName: env.BRAND_NAME,
    title: subject,
    preheader: n.message,
    heading: (booking && bookingHeading(n.type, booking)) || n.title,
    paragraphs: [
      booking ? (pairMailLead(n.type, booking) ?? bookingLead(n.type, booking, n.message)) : n.message,
    ],
    sections: booking
      ? (pairMailSections(n.type, booking, bookingSections) ?? bookingSections(booking))
      : ride
        ? rideSections(ride, { forDriver })
        : [],
    button: { text: button.text, href: `${appUrl}${button.path}` },
    after: attachments.length ? [cancelled ? CALENDAR_ATTACHED.cancel : CALENDAR_ATTACHED.add] : [],
    footer: {
      supportEmail: env.SUPPORT_EMAIL,
      supportPhone: env.SUPPORT_PHONE,
      reason: `You got this e-mail because e-mails for "${label}" are on in your ${env.BRAND_NAME} notification settings.`,
      settingsUrl: `${appUrl}/settings`,
    },
  });
  return { subject, html, text, button: { text: button.text, href: `${appUrl}${button.path}` }, attachments };
}
