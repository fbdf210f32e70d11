/**
 * A child process for slow-clients.test.ts: the real `listen` answering every request with the size of
 * its body, whose event loop is held up from 3.5 s to 7 s after its first answer, as a long task on a
 * saturated machine holds it. It prints its port. Its own process, so the test's client keeps running.
 */
import { Hono } from 'hono';
import { listen } from '../../src/server/server.ts';

const app = new Hono();
let answers = 0;
app.all('*', async (c) => {
  const body = await c.req.text();
  answers += 1;
  if (answers === 1) {
    // In a check phase, so the loop's next round starts with its timers, before it reads the sockets.
    setTimeout(
      () =>
        setImmediate(() => {
          const until = Date.now() + 3_500;
          while (Date.now() < until) {}
        }),
      3_500,
    );
  }
  return c.text(`read ${body.length} bytes`);
});
const server = await listen(app, 0, '127.0.0.1');
console.log(`port ${server.port}`);
