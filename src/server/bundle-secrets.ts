/**
 * SPEC §6: the application refuses to start if a secret is present in the client build. env.ts refuses
 * secret-looking VITE_ variables (the only ones Vite could embed); this checks the built files themselves
 * for the server's actual secret values, which catches a secret pasted into the code or a public setting.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Env } from './env.ts';

function secretValues(env: Env): { name: string; value: string }[] {
  const found: { name: string; value: string }[] = [{ name: 'AUTH_SECRET', value: env.AUTH_SECRET }];
  for (const [name, url] of [
    ['DATABASE_URL', env.DATABASE_URL],
    ['DATABASE_DIRECT_URL', env.DATABASE_DIRECT_URL],
    ['DATABASE_MIGRATION_URL', env.DATABASE_MIGRATION_URL],
    ['SMTP_URL', env.SMTP_URL],
  ] as const) {
    if (!url) continue;
    found.push({ name, value: url });
    try {
      const password = decodeURIComponent(new URL(url).password);
      if (password.length >= 6) found.push({ name: `${name} password`, value: password });
    } catch {
      // Not a URL: the whole value was added above.
    }
  }
  for (const [name, value] of [
    ['ADMIN_PASSWORD', env.ADMIN_PASSWORD],
    ['STRIPE_SECRET_KEY', env.STRIPE_SECRET_KEY],
    ['STRIPE_WEBHOOK_SECRET', env.STRIPE_WEBHOOK_SECRET],
    ['TWILIO_AUTH_TOKEN', env.TWILIO_AUTH_TOKEN],
  ] as const) {
    if (value && value.length >= 6) found.push({ name, value });
  }
  return found;
}

function* files(dir: string): Generator<string> {
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) yield* files(full);
    else if (/\.(js|mjs|css|html|json|map|txt|webmanifest)$/.test(entry)) yield full;
  }
}

/** Throws, naming the setting and the file, when a server secret appears in the browser build. */
export function assertNoSecretsInBundle(webDir: string, env: Env) {
  const secrets = secretValues(env);
  for (const file of files(webDir)) {
    const text = readFileSync(file, 'utf8');
    const leaked = secrets.find((s) => text.includes(s.value));
    if (leaked) {
      throw new Error(
        `Refusing to start: the browser build contains the value of ${leaked.name} (${path.relative(webDir, file)}). Remove it from the client code and rebuild.`,
      );
    }
  }
}
