/**
 * Authenticator codes for tests (RFC 6238: HMAC-SHA1, 30-second steps, 6 digits), written from the RFC
 * with node:crypto rather than with the library the server uses, so a mistake in either shows up.
 * The server accepts each code once, so codes are handed out per secret and step, never twice.
 */
import { createHmac } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
const STEP_MS = 30_000;

export function base32Decode(text: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const ch of text.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(ch);
    if (index < 0) throw new Error(`not base32: ${ch}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

/** The code for one 30-second step. */
export function totpAt(secretBase32: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secretBase32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export const currentStep = (now = Date.now()) => Math.floor(now / STEP_MS);

const handedOut = new Map<string, Set<number>>();

/**
 * A code the server has not seen yet: this step's, else the next step's, else the previous step's (the
 * server accepts one step either side) while 10 s of this step remain, else this waits for the next step. Three sign-ins a step without
 * waiting: turning two-factor on signs the account's own client in again (issue 28), a test's later
 * sign-in is the third.
 */
export async function freshTotp(secretBase32: string): Promise<string> {
  const used = handedOut.get(secretBase32) ?? new Set<number>();
  handedOut.set(secretBase32, used);
  for (;;) {
    const now = currentStep();
    // The previous step's code stops working when this step ends (the server accepts one step either
    // side): handed out only while there is time for the request to arrive (a slow CI run was refused).
    const previousStillGood = (now + 1) * STEP_MS - Date.now() > 10_000;
    for (const step of previousStillGood ? [now, now + 1, now - 1] : [now, now + 1]) {
      if (!used.has(step)) {
        used.add(step);
        return totpAt(secretBase32, step);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, (now + 1) * STEP_MS - Date.now() + 50));
  }
}
