/**
 * Issue 32: the words of a customer's question flow and of cancelling a request. Where the two new
 * notifications lead; the Ask button of a return trip's card names the leg; the cancel dialog counts live
 * offers (a price for both legs is one offer; lapsed, withdrawn and declined quotes are not live).
 */
import { describe, expect, it } from 'vitest';
import type { QuoteDto } from '../../src/shared/marketplace/api.ts';
import { notificationPath } from '../../src/shared/marketplace/notification-types.ts';
import {
  liveOffers,
  withdrawnText,
} from '../../src/web/features/marketplace/components/CancelRequestDialog.tsx';
import { disclosureText } from '../../src/web/features/marketplace/components/RideQuestionsDisclosure.tsx';

const id = '11111111-2222-4333-8444-555555555555';
const later = new Date(Date.now() + 86_400_000).toISOString();
const earlier = new Date(Date.now() - 60_000).toISOString();

const quote = (over: Partial<QuoteDto>): QuoteDto =>
  ({ id: crypto.randomUUID(), status: 'pending', validUntil: later, bundle: null, ...over }) as QuoteDto;

describe('issue 32 words', () => {
  it("a customer's question leads the driver to the trip's card, the answer the customer to the trip's page", () => {
    expect(notificationPath('customer_question', id)).toBe(`/available-rides#questions-${id}`);
    expect(notificationPath('customer_question_answered', id)).toBe(`/driver-matching/${id}#questions`);
  });

  it("the Ask button says what it opens, naming the leg on a return trip's card", () => {
    expect([undefined, 0, 2].map((n) => disclosureText(n))).toEqual([
      'Questions',
      'Ask a question',
      'Questions (2)',
    ]);
    expect(disclosureText(0, 'return')).toBe('Ask about the return leg');
    expect(disclosureText(1, 'outbound')).toBe('Questions on the outbound leg (1)');
  });

  it('the cancel dialog counts live offers, a price for both legs once', () => {
    const bundle = { id: 'b1' } as QuoteDto['bundle'];
    const quotes = [
      quote({ bundle }),
      quote({ bundle }),
      quote({}),
      quote({ status: 'needs_confirmation' }),
      quote({ status: 'withdrawn' }),
      quote({ status: 'declined' }),
      quote({ validUntil: earlier }),
    ];
    expect(liveOffers(quotes)).toEqual({ offers: 3, bothLegs: 1 });
    expect(withdrawnText(3)).toBe('3 live quotes will be withdrawn and their drivers told.');
    expect(withdrawnText(1)).toBe('1 live quote will be withdrawn and its driver told.');
    expect(withdrawnText(0)).toBe('No driver has a live quote on it, so no one needs to be told.');
  });
});
