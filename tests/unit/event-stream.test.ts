/**
 * Event streams without @hono/node-server (app.request): the same events and head as on a socket, where
 * the API tests read them (tests/api/notifications.test.ts, live-updates.test.ts).
 */
import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { describe, expect, it } from 'vitest';
import { eventStream, eventStreamHead, formatEvent } from '../../src/server/http/event-stream.ts';

describe('event streams', () => {
  it('formats events as Hono writeSSE did: event, each data line, id, retry', () => {
    expect(formatEvent({ event: 'change', id: '42', data: '{"a":1}' })).toBe(
      'event: change\ndata: {"a":1}\nid: 42\n\n',
    );
    expect(formatEvent({ data: 'one\ntwo', retry: 2000 })).toBe('data: one\ndata: two\nretry: 2000\n\n');
    expect(() => formatEvent({ event: 'a\nb', data: '' })).toThrow('line break');
  });

  it("writes the head with the chain's headers, then the route's events, and tells the route when it ends", async () => {
    const app = new Hono();
    let closedSeen = false;
    app.use('/stream', eventStreamHead());
    app.use('*', secureHeaders());
    app.get('/stream', (c) =>
      eventStream(c, (stream) => {
        stream.onClose(() => {
          closedSeen = true;
        });
        stream.send({ event: 'ready', data: '{}', retry: 2000 });
        stream.end();
        stream.send({ event: 'late', data: '{}' });
      }),
    );
    const res = await app.request('/stream');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-hono-already-sent')).toBeNull();
    expect(await res.text()).toBe('event: ready\ndata: {}\nretry: 2000\n\n');
    expect(closedSeen).toBe(true);
  });
});
