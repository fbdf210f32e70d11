/**
 * A TCP proxy in front of PostgreSQL that counts the statements clients send (issue 34: "an accept is 34
 * SQL statements"), so a test can hold a code path to a number of statements without timing anything.
 *
 * It reads the client-to-server half of the wire protocol: after the untyped startup message (and an
 * SSLRequest, answered by the server), every message is a type byte and a length. A simple Query ('Q':
 * BEGIN, COMMIT, a query without parameters) and a Bind ('B': one execution of a parsed statement, what
 * node-postgres sends for every query with parameters) each count as one statement. Nothing is changed.
 */
import net from 'node:net';

export interface StatementCounter {
  /** postgres://... through the proxy: the same server, user and database as the URL given. */
  url: string;
  /** Statements sent through the proxy so far, all connections together. */
  count(): number;
  /** The text of each statement counted so far, in order (to see which they are when a count grows). */
  texts(): readonly string[];
  close(): Promise<void>;
}

const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

export async function startStatementCounter(targetUrl: string): Promise<StatementCounter> {
  const target = new URL(targetUrl);
  let statements = 0;
  const texts: string[] = [];
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    let buffered = Buffer.alloc(0);
    let started = false;
    // A Parse names its statement (or leaves it unnamed); a later Bind runs it by that name.
    const parsed = new Map<string, string>();
    const cString = (buf: Buffer, at: number) => {
      const end = buf.indexOf(0, at);
      return { value: buf.toString('utf8', at, end), next: end + 1 };
    };
    client.on('data', (chunk) => {
      upstream.write(chunk);
      buffered = Buffer.concat([buffered, chunk]);
      for (;;) {
        if (!started) {
          if (buffered.length < 8) break;
          const length = buffered.readInt32BE(0);
          if (buffered.length < length) break;
          const code = buffered.readInt32BE(4);
          // An SSL or GSS request is followed by the real startup message, also untyped.
          if (code !== SSL_REQUEST && code !== GSS_REQUEST) started = true;
          buffered = buffered.subarray(length);
          continue;
        }
        if (buffered.length < 5) break;
        const length = buffered.readInt32BE(1) + 1;
        if (buffered.length < length) break;
        const type = String.fromCharCode(buffered[0]!);
        if (type === 'Q') {
          statements += 1;
          texts.push(cString(buffered, 5).value);
        } else if (type === 'P') {
          const name = cString(buffered, 5);
          parsed.set(name.value, cString(buffered, name.next).value);
        } else if (type === 'B') {
          statements += 1;
          const portal = cString(buffered, 5);
          texts.push(parsed.get(cString(buffered, portal.next).value) ?? '(unknown)');
        }
        buffered = buffered.subarray(length);
      }
    });
    upstream.on('data', (chunk) => client.write(chunk));
    const end = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(targetUrl);
  url.hostname = '127.0.0.1';
  url.port = String((server.address() as net.AddressInfo).port);
  return {
    url: url.toString(),
    count: () => statements,
    texts: () => texts,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
