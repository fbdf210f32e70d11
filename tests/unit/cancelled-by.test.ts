import { describe, expect, it } from 'vitest';
import { cancelledByText } from '../../src/shared/messages.ts';

describe('who cancelled a booking, as the viewer reads it', () => {
  it('names the side, or "you" for the viewer who cancelled', () => {
    expect(cancelledByText({ cancelledBy: 'customer', viewerRole: 'customer' })).toBe('Cancelled by you');
    expect(cancelledByText({ cancelledBy: 'customer', viewerRole: 'driver' })).toBe(
      'Cancelled by the customer',
    );
    expect(cancelledByText({ cancelledBy: 'driver', viewerRole: 'customer' })).toBe(
      'Cancelled by the driver',
    );
    expect(cancelledByText({ cancelledBy: null, viewerRole: 'customer' })).toBe('Cancelled');
  });
  it('an administrator cancels for ShuttleQuote: every viewer, admins included, reads that', () => {
    for (const viewerRole of ['customer', 'driver', 'admin'] as const) {
      expect(cancelledByText({ cancelledBy: 'admin', viewerRole })).toBe('Cancelled by ShuttleQuote');
    }
  });
});
