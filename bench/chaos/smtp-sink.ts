/**
 * The SMTP server the API sends to (SMTP_URL=smtp://127.0.0.1:<port>): accepts every message and records
 * its Message-ID, recipients and raw text. "SMTP down" is the port closed (connections refused); it comes
 * back as a new server on the same port.
 */
import { SMTPServer } from 'smtp-server';
import { log, now } from './util.ts';

export interface Delivery {
  /** Without angle brackets; null when the message had no Message-ID header. */
  messageId: string | null;
  to: string[];
  subject: string | null;
  at: number;
  raw: string;
}

/** A header's value from a raw message (first occurrence, folded lines joined). */
export function headerOf(raw: string, name: string): string | null {
  const end = raw.search(/\r?\n\r?\n/);
  const head = (end < 0 ? raw : raw.slice(0, end)).replace(/\r?\n[ \t]+/g, ' ');
  const re = new RegExp(`^${name}:[ \\t]*(.*)$`, 'im');
  const m = re.exec(head);
  return m ? m[1]!.trim() : null;
}

export const normalizeMessageId = (id: string | null | undefined) =>
  id ? id.trim().replace(/^<|>$/g, '') : null;

export class SmtpSink {
  readonly deliveries: Delivery[] = [];
  private server: SMTPServer | null = null;
  /** Transactions that failed on our side (should stay 0). */
  errors = 0;

  constructor(readonly port: number) {}

  get up() {
    return this.server !== null;
  }

  async start() {
    if (this.server) return;
    const server = new SMTPServer({
      authOptional: true,
      // Plain SMTP on loopback: no STARTTLS offer (nodemailer would try it), no AUTH needed.
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      banner: 'chaos sink',
      size: 25 * 1024 * 1024,
      closeTimeout: 2_000,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('error', (err) => {
          this.errors += 1;
          callback(err);
        });
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.deliveries.push({
            messageId: normalizeMessageId(headerOf(raw, 'message-id')),
            to: session.envelope.rcptTo.map((a) => a.address.toLowerCase()),
            subject: headerOf(raw, 'subject'),
            at: now(),
            raw,
          });
          callback();
        });
      },
    });
    server.on('error', (err) => log(`SMTP sink error: ${err.message}`));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  /** Closes the port (new connections are refused at once); open sessions get up to 2 s to finish. */
  async stop() {
    const server = this.server;
    if (!server) return;
    this.server = null;
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Deliveries per Message-ID. */
  countsByMessageId(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const d of this.deliveries) {
      if (d.messageId) counts.set(d.messageId, (counts.get(d.messageId) ?? 0) + 1);
    }
    return counts;
  }
}
