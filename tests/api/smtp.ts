/**
 * A real SMTP server on 127.0.0.1 for the mail tests (the `smtp-server` package): it can be down (nothing
 * listening), up and refusing every connection (421, a temporary refusal), rejecting recipients (550, a
 * permanent one), or accepting; it keeps every message it accepted, decoded enough to read its headers and
 * its plain-text part.
 */
import { createServer } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** RCPT TO addresses. */
  recipients: string[];
  headers: Map<string, string>;
  messageId: string;
  subject: string;
  /** The text/plain part, decoded. */
  text: string;
  raw: string;
}

export type SmtpMode = 'accept' | 'refuse' | 'reject-recipients';

/** A port nothing listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

function smtpError(message: string, responseCode: number) {
  return Object.assign(new Error(message), { responseCode });
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(raw: string): { headers: Map<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function decodeBody(body: string, encoding: string | undefined): string {
  const e = (encoding ?? '7bit').toLowerCase();
  if (e === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (e === 'quoted-printable') {
    const bytes = body
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
    return Buffer.from(bytes, 'latin1').toString('utf8');
  }
  return body;
}

/** The first text/plain part of a message (nested multiparts included). */
function plainText(entity: { headers: Map<string, string>; body: string }): string | null {
  const type = entity.headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    for (const part of entity.body.split(`--${boundary}`).slice(1)) {
      if (part.startsWith('--')) break;
      const found = plainText(splitEntity(part.replace(/^\r?\n/, '')));
      if (found !== null) return found;
    }
    return null;
  }
  if (/^text\/plain/i.test(type))
    return decodeBody(entity.body, entity.headers.get('content-transfer-encoding'));
  return null;
}

export class TestSmtp {
  readonly received: ReceivedMail[] = [];
  mode: SmtpMode = 'accept';
  /** How long each message's DATA is held before it is accepted (a slow server). */
  dataDelayMs = 0;
  /** Messages being received right now, and the most at once so far. */
  inFlight = 0;
  maxInFlight = 0;
  private server: SMTPServer | null = null;

  constructor(readonly port: number) {}

  get url() {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Starts listening (in the given mode). */
  async start(mode: SmtpMode = 'accept'): Promise<void> {
    this.mode = mode;
    if (this.server) {
      // A server turning to refuse is one restarted refusing: the connections senders keep (the mail
      // worker's pool) end too, so the next mail meets the refusal.
      if (mode === 'refuse') for (const c of this.server.connections) c.close();
      return;
    }
    const server = new SMTPServer({
      // stop() ends open connections at once, as a server that went down would (not after 30 s).
      closeTimeout: 50,
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        if (this.mode === 'refuse') return callback(smtpError('Service not available, try later', 421));
        callback();
      },
      onRcptTo: (_address, _session, callback) => {
        if (this.mode === 'reject-recipients') return callback(smtpError('No such mailbox here', 550));
        callback();
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        this.inFlight += 1;
        this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          if (this.dataDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, this.dataDelayMs));
          this.inFlight -= 1;
          const raw = Buffer.concat(chunks).toString('utf8');
          const entity = splitEntity(raw);
          this.received.push({
            recipients: session.envelope.rcptTo.map((r) => r.address),
            headers: entity.headers,
            messageId: entity.headers.get('message-id') ?? '',
            subject: entity.headers.get('subject') ?? '',
            text: plainText(entity) ?? '',
            raw,
          });
          callback();
        });
      },
    });
    server.on('error', () => undefined);
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Stops listening: connections are refused by the operating system (SMTP "down"). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Messages accepted for one recipient. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((m) => m.recipients.some((r) => r.toLowerCase() === address.toLowerCase()));
  }
}

/** Polls `check` until it returns a value other than undefined/false, or fails after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => Promise<T | undefined | false> | T | undefined | false,
  timeoutMs = 20_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
