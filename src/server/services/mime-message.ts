/**
 * An e-mail's MIME message, composed at once (issue 34). nodemailer builds the message as a tree of
 * MimeNodes and writes it through a stream per node (its encoder streams, pipelines and a setImmediate
 * between parts): about 1.3 ms of CPU for one of our booking e-mails, most of what a mail costs us. The
 * tree and every header are still nodemailer's (`MailComposer.compile()`: address and subject encoding,
 * boundaries, Content-Type parameters, the Message-ID); only the writing is done here, in one pass, with
 * nodemailer's own encoders (`qp`, `base64`). The bytes are the same as `MailComposer.build()` gives
 * (tests/unit/mime-message.test.ts compares them), and the message is sent as `raw`.
 *
 * Only content held in memory (a string or a Buffer) can be composed this way, which is all our outbox
 * holds; anything else (a stream, a path, a URL) throws rather than being read.
 */
import type { SendMailOptions } from 'nodemailer';
import * as base64 from 'nodemailer/lib/base64';
import MailComposer from 'nodemailer/lib/mail-composer';
import type MimeNode from 'nodemailer/lib/mime-node';
import * as qp from 'nodemailer/lib/qp';

/** nodemailer's line length for encoded bodies (its encoders' default). */
const LINE_LENGTH = 76;

function bodyOf(node: MimeNode): string | Buffer {
  const content = node.content;
  if (typeof content !== 'string' && !Buffer.isBuffer(content)) {
    throw new Error('mime-message: only a string or a Buffer can be composed at once');
  }
  switch (node.getTransferEncoding()) {
    case 'quoted-printable':
      return qp.wrap(qp.encode(content), LINE_LENGTH);
    case 'base64':
      return base64.wrap(base64.encode(content), LINE_LENGTH);
    default:
      return content;
  }
}

/** Writes `node` and its children as MimeNode.stream does, into `out`. */
function write(node: MimeNode, out: (string | Buffer)[]): void {
  out.push(`${node.buildHeaders()}\r\n\r\n`);
  if (node.content) out.push(bodyOf(node));
  if (!node.multipart) return;
  node.childNodes.forEach((child, i) => {
    out.push(`${i > 0 ? '\r\n' : ''}--${node.boundary}\r\n`);
    write(child, out);
  });
  out.push(`\r\n--${node.boundary}--\r\n`);
}

export interface ComposedMessage {
  /** The whole message, ready to be sent as `raw`. */
  raw: Buffer;
  /** The SMTP envelope nodemailer takes from the headers. */
  envelope: { from: string | false; to: string[] };
}

/** Composes `mail` (text, html and attachments in memory) into the bytes nodemailer would send. */
export function composeMessage(mail: SendMailOptions): ComposedMessage {
  const root = new MailComposer(mail).compile();
  const out: (string | Buffer)[] = [];
  write(root, out);
  const parts = out.map((p) => (typeof p === 'string' ? Buffer.from(p, 'utf8') : p));
  const last = parts.at(-1);
  // nodemailer's LastNewline: the message ends with a line break.
  const lastByte = last?.length ? last[last.length - 1] : undefined;
  if (lastByte !== 0x0a) parts.push(Buffer.from(lastByte === 0x0d ? '\n' : '\r\n'));
  return { raw: Buffer.concat(parts), envelope: root.getEnvelope() };
}
