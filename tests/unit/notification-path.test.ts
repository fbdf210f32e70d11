import { describe, expect, it } from 'vitest';
import { notificationPath } from '../../src/shared/marketplace/notification-types.ts';
import { notificationLink } from '../../src/web/routes/notifications.tsx';

const id = '11111111-2222-4333-8444-555555555555';

describe('where a notification leads', () => {
  it('sends question notifications to the trip, on the page and in the e-mail alike', () => {
    expect(notificationPath('question_asked', id)).toBe(`/driver-matching/${id}`);
    expect(notificationPath('question_answered', id)).toBe(`/available-rides#questions-${id}`);
    const n = { id: 'n', title: '', message: '', isRead: false, createdAt: '', relatedId: id };
    expect(notificationLink({ ...n, type: 'question_asked' })).toBe(`/driver-matching/${id}`);
    expect(notificationLink({ ...n, type: 'booking_confirmed' })).toBe(`/booking/${id}`);
    expect(notificationLink({ ...n, type: 'quote_received', relatedId: null })).toBeNull();
  });
});
