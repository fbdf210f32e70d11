/**
 * The day of the trip (issue 30), one source for the web app and the API: the driver's trip statuses in
 * order and their labels, the time windows (when "on the way" opens, the free waiting time, the dispute
 * window, auto-completion, the position rules), the live distance estimate, the request schemas, and every
 * refusal message.
 */
import { z } from '../validation/z.ts';
import { ROAD_DETOUR_FACTOR } from './constants.ts';
import { haversineKm, type Point } from './geo.ts';

/** Set by the booking's driver, one after the other; dropped_off completes the booking. */
export const TRIP_STATUSES = ['on_the_way', 'arrived', 'on_board', 'dropped_off'] as const;
export type TripStatus = (typeof TRIP_STATUSES)[number];

export const TRIP_STATUS_LABELS: Record<TripStatus, string> = {
  on_the_way: 'On the way',
  arrived: 'Arrived',
  on_board: 'On board',
  dropped_off: 'Dropped off',
};

/** The booking_events type each status change is recorded as (the timeline shows them). */
export const TRIP_STATUS_EVENTS: Record<TripStatus, string> = {
  on_the_way: 'trip_on_the_way',
  arrived: 'trip_arrived',
  on_board: 'trip_on_board',
  dropped_off: 'trip_dropped_off',
};

/** The other booking events of the day (the timeline's types), beside TRIP_STATUS_EVENTS and 'completed'. */
export const TRIP_DAY_EVENTS = {
  runningLate: 'customer_running_late',
  atPickup: 'customer_at_pickup',
  sharingOn: 'position_sharing_on',
  sharingOff: 'position_sharing_off',
  noShow: 'no_show_marked',
  noShowDisputed: 'no_show_disputed',
  notHappened: 'not_happened_reported',
} as const;

/** How the timeline names each of the day's booking events (the others: 'completed', 'cancelled'...). */
export const TRIP_EVENT_LABELS: Record<string, string> = {
  trip_on_the_way: 'On the way',
  trip_arrived: 'Arrived',
  trip_on_board: 'On board',
  trip_dropped_off: 'Dropped off',
  customer_running_late: 'Running late',
  customer_at_pickup: 'At the pickup',
  position_sharing_on: 'Started sharing position',
  position_sharing_off: 'Stopped sharing position',
  no_show_marked: 'Marked a no-show',
  no_show_disputed: 'No-show disputed',
  not_happened_reported: "Reported: the trip didn't happen",
};

/** The status that may follow `current` (null after dropped_off). */
export function nextTripStatus(current: string | null): TripStatus | null {
  if (current === null) return TRIP_STATUSES[0];
  const i = TRIP_STATUSES.indexOf(current as TripStatus);
  return i < 0 ? null : (TRIP_STATUSES[i + 1] ?? null);
}

/** The status that must be set before `status` (null for the first). */
export function previousTripStatus(status: TripStatus): TripStatus | null {
  return TRIP_STATUSES[TRIP_STATUSES.indexOf(status) - 1] ?? null;
}

export const TRIP_WINDOWS = {
  /** "On the way" opens this long before pickup (and customer signals, "the day", open with it). */
  onTheWayMinutesBefore: 90,
  /** Free waiting time after "Arrived" without a flight number... */
  freeWaitMinutes: 10,
  /** ...and from the later of arrival and pickup time when the trip has a flight number. */
  flightWaitMinutes: 30,
  /** The customer may dispute a no-show this long after it was marked. */
  disputeHours: 48,
  /** A confirmed booking completes itself this long after pickup, unless "didn't happen" was reported. */
  autoCompleteHours: 12,
  /** Customer signals are accepted until this long after pickup ("within the day"). */
  signalHoursAfter: 12,
  /** At most one customer signal of a kind per this many seconds. */
  signalIntervalSeconds: 60,
  /** At most one stored position per this many seconds. */
  positionIntervalSeconds: 10,
  /** A position implying a faster move since the last stored one is refused. */
  maxSpeedKmh: 200,
  /** The 2-hour reminder goes when pickup is within this many hours. */
  reminderHoursBefore: 2,
} as const;

export const MINUTE_MS = 60_000;

/**
 * When the free waiting time runs out, once the driver has arrived: 10 minutes after arriving; with a
 * flight number, 30 minutes from the later of arrival and the pickup time (a driver who is early does not
 * eat into the passenger's time at the gate). Null before arrival.
 */
export function waitingUntil(arrivedAt: Date | null, pickupAt: Date, flightNumber: string): Date | null {
  if (!arrivedAt) return null;
  if (flightNumber.trim()) {
    const from = Math.max(arrivedAt.getTime(), pickupAt.getTime());
    return new Date(from + TRIP_WINDOWS.flightWaitMinutes * MINUTE_MS);
  }
  return new Date(arrivedAt.getTime() + TRIP_WINDOWS.freeWaitMinutes * MINUTE_MS);
}

/** The live distance estimate: the straight line times the road factor, at an average town speed. */
export const ETA_RULES = {
  roadFactor: ROAD_DETOUR_FACTOR,
  averageSpeedKmh: 40,
} as const;

/** Positions outside this box (mainland Australia and Tasmania) are refused. */
export const AUSTRALIA_BOUNDS = { minLat: -44, maxLat: -10, minLng: 112, maxLng: 154 } as const;

/** "About N min away, N km": the road estimate from the driver's position to the pickup. */
export function distanceAndEta(driver: Point, pickup: Point): { distanceKm: number; etaMinutes: number } {
  const km = haversineKm(driver, pickup) * ETA_RULES.roadFactor;
  return {
    distanceKm: Math.round(km * 10) / 10,
    etaMinutes: Math.max(1, Math.round((km / ETA_RULES.averageSpeedKmh) * 60)),
  };
}

export const TRIP_MESSAGES = {
  notYourTrip: 'Only the driver of this booking can do this.',
  customerOnly: 'Only the customer of this booking can do this.',
  cancelled: 'This booking was cancelled: nothing on it can change any more.',
  notConfirmed: 'This trip is already over: nothing on it can change any more.',
  tooEarly: (opensAt: string) =>
    `You can say you are on the way from 90 minutes before pickup (from ${opensAt}, Sydney time).`,
  repeated: (label: string) => `The trip is already marked "${label}".`,
  outOfOrder: (next: string) => `Not yet: the next step of this trip is "${next}".`,
  finished: 'This trip is already marked "Dropped off".',
  noShowMarked: 'The customer was marked a no-show: the trip status can no longer change.',
  signalNotNow:
    'You can send this on the day of the trip, from 90 minutes before pickup until 12 hours after it.',
  signalTooSoon: 'You sent this less than a minute ago. Your driver has it.',
  sharingNotNow: 'You can share your position from "On the way" until the passenger is on board.',
  positionNotNow:
    'Positions are taken only while you share them, from "On the way" until the passenger is on board.',
  outsideAustralia: 'This position is outside Australia.',
  tooFast: 'This position is too far from the last one to be right (faster than 200 km/h). Try again.',
  noShowNotArrived:
    'You can mark a no-show only after you have arrived, and before the passenger is on board.',
  noShowTooEarly: (until: string) => `The free waiting time runs until ${until}: wait until then.`,
  noShowAlready: 'The customer is already marked a no-show.',
  disputeNotMarked: 'You were not marked a no-show on this trip.',
  disputeAlready: 'You have already disputed this no-show. Our team will be in touch.',
  disputeClosed: 'A no-show can be disputed within 48 hours of being marked. That time has passed.',
  notHappenedBeforePickup: 'You can report this after the pickup time.',
  notHappenedAlready: 'This trip was already reported as not having happened. Our team will look at it.',
  notHappenedNotConfirmed:
    'This trip is no longer confirmed, so it cannot be reported as not having happened.',
  reasonLength: 'Please say what happened in 10 to 1000 characters.',
  notHappenedReason: 'Please say what happened in 3 to 1000 characters.',
  minutes: 'Say how many minutes late, from 1 to 120.',
  chooseStatus: 'Choose a trip status.',
  chooseSignal: 'Choose what to tell the driver.',
  latitude: 'Latitude must be a number of degrees.',
  longitude: 'Longitude must be a number of degrees.',
} as const;

export const tripStatusInputSchema = z.object({
  status: z.enum(TRIP_STATUSES, { error: TRIP_MESSAGES.chooseStatus }),
});

export const customerSignalSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({
      kind: z.literal('running_late'),
      minutes: z
        .number({ error: TRIP_MESSAGES.minutes })
        .int({ error: TRIP_MESSAGES.minutes })
        .min(1, { error: TRIP_MESSAGES.minutes })
        .max(120, { error: TRIP_MESSAGES.minutes }),
    }),
    z.object({ kind: z.literal('at_pickup') }),
  ],
  { error: TRIP_MESSAGES.chooseSignal },
);
export type CustomerSignalInput = z.infer<typeof customerSignalSchema>;

export const positionSharingSchema = z.object({ on: z.boolean() });

const inBox = (min: number, max: number, error: string) =>
  z.number({ error }).min(min, { error: TRIP_MESSAGES.outsideAustralia }).max(max, {
    error: TRIP_MESSAGES.outsideAustralia,
  });

export const positionSchema = z.object({
  lat: inBox(AUSTRALIA_BOUNDS.minLat, AUSTRALIA_BOUNDS.maxLat, TRIP_MESSAGES.latitude),
  lng: inBox(AUSTRALIA_BOUNDS.minLng, AUSTRALIA_BOUNDS.maxLng, TRIP_MESSAGES.longitude),
  accuracyM: z.number().min(0).max(100_000).optional(),
});
export type PositionInput = z.infer<typeof positionSchema>;

/** The driver may add a short note when marking a no-show ("Waited 15 minutes, called twice"). */
export const noShowSchema = z.object({ note: z.string().trim().max(500).optional() });

export const noShowDisputeSchema = z.object({
  reason: z
    .string({ error: TRIP_MESSAGES.reasonLength })
    .trim()
    .min(10, { error: TRIP_MESSAGES.reasonLength })
    .max(1000, { error: TRIP_MESSAGES.reasonLength }),
});

export const notHappenedSchema = z.object({
  reason: z
    .string({ error: TRIP_MESSAGES.notHappenedReason })
    .trim()
    .min(3, { error: TRIP_MESSAGES.notHappenedReason })
    .max(1000, { error: TRIP_MESSAGES.notHappenedReason }),
});
