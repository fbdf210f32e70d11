/**
 * Every word of the fare tables and instant booking (issue 31 item 1): the API's refusals, the form's
 * validation and the buttons customers press, written once for the server and the web app.
 */

import { plural } from '../plural.ts';
import { FARE_LIMITS, shortAud } from './fares.ts';

export const FARE_MESSAGES = {
  placeName: `Choose a place from the list (at most ${FARE_LIMITS.nameMax} characters).`,
  placePoint: 'Choose a place from the list: its position is missing.',
  radius: `The distance must be from ${FARE_LIMITS.radiusKmMin} to ${FARE_LIMITS.radiusKmMax} km.`,
  vehicle: 'Choose one of your vehicles.',
  price: `Enter a price above $0 and up to $${FARE_LIMITS.priceMaxAud.toLocaleString('en-AU')} (up to 2 decimal places).`,
  extra: `Enter an amount from $0 to $${FARE_LIMITS.extraMaxAud.toLocaleString('en-AU')} (up to 2 decimal places).`,
  maxPassengers: `Passengers must be a whole number from 1 to ${FARE_LIMITS.passengersMax}.`,
  maxBags: `Bags must be a whole number from 0 to ${FARE_LIMITS.bagsMax}.`,
  includedPassengers: 'The passengers the base price covers must be from 1 to the most passengers.',
  days: 'Choose at least one day.',
  hours: 'Hours must be HH:MM.',
  afterHours: 'Give the after-hours window as two times HH:MM that differ, and the surcharge.',
  minNotice: `Minimum notice must be a whole number of minutes from 0 to ${FARE_LIMITS.minNoticeMaxMinutes} (two weeks).`,
  fareId: 'Choose a price from the list.',
  priceCents: 'The price you saw is missing: please choose the price again.',
  pickupAt: 'Give the pickup time as a date and time (ISO 8601).',
  point: 'Give the pickup and destination as a latitude from -90 to 90 and a longitude from -180 to 180.',
  passengers: `Passengers must be a whole number from 1 to ${FARE_LIMITS.passengersMax}.`,
  bags: `Bags must be a whole number from 0 to ${FARE_LIMITS.bagsMax}.`,
  seats: 'Child seats must be a whole number from 0 to 8.',
  wheelchair: 'Choose how the wheelchair travels: none, folding or seated.',
} as const;

export const FARE_CONFLICTS = {
  vehicleSeats: (seats: number) =>
    `That vehicle seats ${plural(seats, 'passenger')}: the most passengers can be at most ${seats}.`,
  vehicleBags: (bags: number) =>
    `That vehicle carries ${plural(bags, 'bag')}: the most bags can be at most ${bags}.`,
  vehicleNotYours: 'Choose one of your vehicles.',
  tooManyFares: `You have ${FARE_LIMITS.liveFaresMax} prices already: retire one before adding another.`,
  retired: 'This price was retired and can no longer be changed.',
  /** The fare no longer prices this trip (retired, changed, the driver unavailable): nothing was booked. */
  unavailable:
    'This price is no longer available for your trip. Nothing was booked: choose another price or ask for quotes.',
  /** The fare's price for this trip changed since it was shown: the new one, to book at if the customer wants. */
  priceChanged: (driver: string, newCents: number) =>
    `${driver}'s price for this trip is now ${shortAud(newCents)}. Nothing was booked: book at ${shortAud(newCents)} if you still want it.`,
  notOpen: 'This trip can no longer be booked: it is booked, cancelled or past.',
  tooMany: 'Too many price requests from this address. Please wait a minute and try again.',
} as const;

export const FARE_TEXT = {
  bookNow: (cents: number) => `Book now, ${shortAud(cents)}`,
  bookAtNew: (cents: number) => `Book now at ${shortAud(cents)}`,
  orAskForQuotes: 'or ask for quotes',
  heading: 'Fixed prices you can book now',
  none: 'No fixed prices for this trip yet: drivers will quote once you post it.',
  quoteMessage: (driver: string) => `Instant price from ${driver}'s fares`,
  driverTitle: 'Instant booking: new booking',
  driverMessage: (cents: number, trip: string) =>
    `Your fixed price of ${shortAud(cents)} for the trip ${trip} was booked. The customer's contact details are on the booking.`,
} as const;
