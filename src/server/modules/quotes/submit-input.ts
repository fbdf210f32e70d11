/**
 * What POST /api/quotes takes and gives back, apart from its use case so that submit.ts and pair.ts (which
 * it calls for a return pair) both read them without importing each other.
 */
import { z } from 'zod';
import type { QuoteDto } from '../../../shared/marketplace/api.ts';
import { quoteInputSchema } from '../../../shared/validation/marketplace.ts';

/** POST /api/quotes: the quote form plus the request it is for. */
export const submitQuoteSchema = quoteInputSchema.extend({
  rideId: z
    .string({ error: 'Choose a request to quote for.' })
    .min(1, { error: 'Choose a request to quote for.' })
    .max(100, { error: 'Choose a request to quote for.' }),
  /**
   * A return trip quoted for one price: `rideId` is either leg, `price` the total for both legs. The
   * total is split between the legs (the outbound leg takes the odd cent), so each booking has its fare.
   */
  pair: z.boolean({ error: 'pair must be true or false.' }).optional().default(false),
});

export interface SubmitResult {
  quote: QuoteDto;
  /** A pair quote: the other leg's half. */
  otherLegQuote: QuoteDto | null;
  created: boolean;
}
