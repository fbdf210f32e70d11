/**
 * Questions before booking: the form's rule, the messages, the limits and the thread as the API returns
 * it. Used by the web form and by the API (src/server/modules/questions).
 */
import { z } from './z.ts';

export const QUESTION_LIMITS = {
  bodyMax: 1000,
  /** A driver's questions across every trip, per hour. */
  driverPerHour: 10,
  /** A driver's questions on one trip, per hour. */
  driverPerTripPerHour: 3,
  /** A customer's answers, per hour. */
  customerAnswersPerHour: 30,
  /** Issue 32: a customer's questions to drivers about their quotes, across every trip, per hour. */
  customerPerHour: 10,
  /** Issue 32: a customer's questions to one driver on one trip, per hour. */
  customerPerDriverPerHour: 3,
  /** Issue 32: a driver's answers to customers' questions, per hour. */
  driverAnswersPerHour: 30,
} as const;

export const QUESTION_MESSAGES = {
  bodyRequired: 'Type your question.',
  answerRequired: 'Type your answer.',
  bodyTooLong: `Keep it to ${QUESTION_LIMITS.bodyMax} characters or fewer.`,
  tooLongMasked: `With contact details hidden this is over ${QUESTION_LIMITS.bodyMax} characters. Please shorten it.`,
  maskingHint:
    'Contact details are shared once you book: phone numbers, e-mail addresses and links are hidden.',
  onlyDrivers: 'Only drivers can ask questions about a trip.',
  /** Issue 32: a driver answering a question that was not put to them. */
  onlyCustomerAnswers: "Only the trip's customer answers drivers' questions.",
  /** Issue 32: the customer asked about a quote that is no longer live. */
  quoteNotLive: 'This quote is no longer open, so its driver cannot be asked about it.',
  alreadyAnswered: 'This question already has an answer.',
  closedBooked: 'This trip has been booked, so questions are closed. Contact details are on the booking.',
  closedCancelled: 'This trip was cancelled, so questions are closed.',
  closedExpired: 'This trip has expired, so questions are closed.',
  closedPickupPassed: 'The pickup time has passed, so questions are closed.',
  driverHourly: (minutes: number) =>
    `You have asked ${QUESTION_LIMITS.driverPerHour} questions in the last hour. Please wait ${minutesText(minutes)} before asking another.`,
  driverTripHourly: (minutes: number) =>
    `You have asked ${QUESTION_LIMITS.driverPerTripPerHour} questions about this trip in the last hour. Please wait ${minutesText(minutes)} before asking another.`,
  customerHourly: (minutes: number) =>
    `You have answered ${QUESTION_LIMITS.customerAnswersPerHour} questions in the last hour. Please wait ${minutesText(minutes)} before answering another.`,
  customerAskHourly: (minutes: number) =>
    `You have asked drivers ${QUESTION_LIMITS.customerPerHour} questions in the last hour. Please wait ${minutesText(minutes)} before asking another.`,
  customerDriverHourly: (minutes: number) =>
    `You have asked this driver ${QUESTION_LIMITS.customerPerDriverPerHour} questions about this trip in the last hour. Please wait ${minutesText(minutes)} before asking another.`,
  driverAnswersHourly: (minutes: number) =>
    `You have answered ${QUESTION_LIMITS.driverAnswersPerHour} questions in the last hour. Please wait ${minutesText(minutes)} before answering another.`,
} as const;

function minutesText(minutes: number) {
  return minutes <= 1 ? 'a minute' : `${minutes} minutes`;
}

/** A question or an answer: 1 to 1000 characters once trimmed. */
export function questionBodySchema(kind: 'question' | 'answer') {
  const required = kind === 'question' ? QUESTION_MESSAGES.bodyRequired : QUESTION_MESSAGES.answerRequired;
  return z.object({
    body: z
      .string({ error: required })
      .trim()
      .min(1, { error: required })
      .max(QUESTION_LIMITS.bodyMax, { error: QUESTION_MESSAGES.bodyTooLong }),
  });
}
export const askQuestionSchema = questionBodySchema('question');
export const answerQuestionSchema = questionBodySchema('answer');
export type QuestionInput = z.input<typeof askQuestionSchema>;

export interface RideAnswerDto {
  id: string;
  /** Who answered as the viewer reads it: "You", "The customer", or the driver's company or first name. */
  answeredBy: string;
  body: string;
  /** Masking changed what the customer typed. */
  masked: boolean;
  createdAt: string;
}

export interface RideQuestionDto {
  id: string;
  rideId: string;
  /** The driver's company name, or their first name; never contact details. */
  askedBy: string;
  /** The viewer asked it. */
  mine: boolean;
  /**
   * Issue 32: a customer's question to one driver about their quote, seen only by the two of them: the
   * driver's name as the customer reads it, "you" for that driver; null for a driver's question (seen by all).
   */
  toDriver: string | null;
  body: string;
  masked: boolean;
  createdAt: string;
  answer: RideAnswerDto | null;
  /** The viewer may answer it now (the thread open, unanswered, put to them). */
  canAnswer: boolean;
}

export interface RideQuestionsDto {
  items: RideQuestionDto[];
  /** The viewer may ask a question now (a driver, the trip open). */
  canAsk: boolean;
  /** The viewer is the trip's customer and the trip is open (each question says whether it is theirs to answer). */
  canAnswer: boolean;
  /** Why the thread is read-only, or null while it is open. */
  closedReason: string | null;
}

/** GET /api/ride-questions/counts: per ride id, how many questions and how many still unanswered. */
export interface QuestionCountsDto {
  counts: Record<string, { questions: number; unanswered: number }>;
}
