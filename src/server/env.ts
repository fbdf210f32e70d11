/**
 * The only reader of process.env. Every setting is checked here with zod; the server refuses to start
 * with a clear message when one is wrong.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PLATFORM_FEE_PERCENT } from '../shared/billing.ts';
import { APP_ENVS, BRAND_DEFAULT } from '../shared/constants.ts';
import { LIVE_HEARTBEAT_MS } from '../shared/marketplace/constants.ts';
import { isValidAbn } from '../shared/marketplace/verification.ts';

/** An ABN as people write it ('51 824 753 556'), stored as its 11 digits; the ATO checksum must hold. */
const abnSetting = z
  .string()
  .transform((v) => v.replace(/\s/g, ''))
  .refine((v) => /^\d{11}$/.test(v) && isValidAbn(v), 'must be an ABN: 11 digits with a valid checksum');

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATABASE_URL: z.url().optional(),
  /**
   * PostgreSQL itself, when DATABASE_URL goes through a transaction-mode pooler: LISTEN and the migration
   * lock need a session (docs/DEPLOY.md). Defaults to DATABASE_URL.
   */
  DATABASE_DIRECT_URL: z.url().optional(),
  /**
   * PostgreSQL itself as the role that owns the schema (ADR 023): the migrations run there, and that role
   * grants DATABASE_URL's role what the app uses, but not UPDATE or DELETE on the audit log nor the power
   * to switch off its trigger. Defaults to DATABASE_DIRECT_URL, then DATABASE_URL: one role for everything.
   */
  DATABASE_MIGRATION_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  APP_URL: z.url().optional(),
  APP_ENV: z.enum(APP_ENVS).default('development'),
  BRAND_NAME: z.string().min(1).default(BRAND_DEFAULT),
  SUPPORT_EMAIL: z.email().default('support@shuttlequote.example'),
  DRIVERS_EMAIL: z.email().default('drivers@shuttlequote.example'),
  SUPPORT_PHONE: z.string().default('+61 2 0000 0000'),
  MAIL_FROM: z.string().optional(),
  SMTP_URL: z.string().optional(),
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET must be at least 32 characters').optional(),
  ADMIN_EMAIL: z.email().optional(),
  ADMIN_NAME: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  // Driver billing (issue 15). The fee is a percentage of the agreed fare, GST is added to it.
  PLATFORM_FEE_PERCENT: z.coerce.number().min(0).max(100).default(DEFAULT_PLATFORM_FEE_PERCENT),
  /** The legal name and ABN printed on drivers' tax invoices. Defaults are for development only. */
  PLATFORM_LEGAL_NAME: z.string().min(1).optional(),
  PLATFORM_ABN: abnSetting.optional(),
  /** Bank transfer details shown on /driver-billing and the statements. */
  BANK_ACCOUNT_NAME: z.string().min(1).optional(),
  BANK_BSB: z
    .string()
    .regex(/^\d{3}-?\d{3}$/, 'must be a BSB such as 062-000')
    .optional(),
  BANK_ACCOUNT_NUMBER: z
    .string()
    .regex(/^\d{4,10}$/, 'must be 4 to 10 digits')
    .optional(),
  /** Card payments through Stripe Checkout when both are set. */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** Where the Stripe library sends its requests (a stand-in server in tests); Stripe's own by default. */
  STRIPE_API_URL: z.url().optional(),
  /**
   * Text messages (issue 30): 'twilio' sends through a Twilio-compatible REST API, 'dev' keeps every text in
   * the development mailbox (sms_outbox, /dev/mailbox). Default: twilio when its three settings are set.
   */
  SMS_PROVIDER: z.enum(['twilio', 'dev']).optional(),
  TWILIO_ACCOUNT_SID: z.string().min(1).optional(),
  /** Also the key of the inbound webhook's signature (X-Twilio-Signature). */
  TWILIO_AUTH_TOKEN: z.string().min(1).optional(),
  /** The sender: a number in E.164 (+61...), an alphanumeric sender id, or a Messaging Service SID (MG...). */
  TWILIO_FROM: z.string().min(1).max(34).optional(),
  /** Where the requests go (a stand-in server in tests); Twilio's own by default. */
  TWILIO_API_URL: z.url().default('https://api.twilio.com'),
  TRUST_PROXY: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /**
   * Server processes (issue 17, src/server/cluster.ts). Default: one per core in production with
   * DATABASE_URL, else one. Above one needs DATABASE_URL: PGlite opens in one process only.
   */
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * On SIGTERM, how long the server keeps serving with /api/ready failing before it stops accepting, so a
   * load balancer or Kubernetes takes it out of rotation first (docs/DEPLOY.md). 0 stops accepting at once.
   */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(5_000),
  /**
   * The longest one e-mail's SMTP send may take before it is aborted and retried. A mail claimed by a
   * process that died (kill -9) is tried again this + 30 s later (services/mail-worker.ts, the lease): lower
   * it where SMTP answers fast and a crashed instance's mail should not wait 2.5 minutes.
   */
  MAIL_SEND_TIMEOUT_MS: z.coerce.number().int().min(5_000).max(600_000).default(120_000),
  /**
   * How long a starting server waits for PostgreSQL to accept connections before it gives up, naming the
   * host, the port and the last error. Meanwhile it listens: /api/health 200, /api/ready 503.
   */
  DATABASE_STARTUP_WAIT_MS: z.coerce.number().int().min(0).max(3_600_000).default(60_000),
  /**
   * How often a live stream sends `ping` when nothing else happens (issue 11). Below the idle timeout of any
   * proxy in front, and under the web app's LIVE_STALE_AFTER_MS (25 s), after which it reconnects.
   */
  LIVE_HEARTBEAT_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(20)
    .default(LIVE_HEARTBEAT_MS / 1000),
  /**
   * How long a request whose Idempotency-Key is still in progress elsewhere waits for that answer before
   * 409 (src/server/http/idempotency.ts). The API test of that 409 sets 2 instead of waiting 10 s.
   */
  IDEMPOTENCY_WAIT_SECONDS: z.coerce.number().int().min(1).max(30).default(10),
  /**
   * Where uploads are kept (issue 34 item 4, services/storage.ts): 'local' under DATA_DIR/uploads, 's3' in one
   * S3-compatible bucket with the app's buckets as key prefixes. Default: s3 when S3_BUCKET is set.
   */
  STORAGE_DRIVER: z.enum(['local', 's3']).optional(),
  S3_BUCKET: z
    .string()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be an S3 bucket name: 3-63 lower-case letters, digits, dots, hyphens',
    )
    .optional(),
  /** The S3-compatible service (MinIO, R2, ...); AWS S3 of S3_REGION when unset. */
  S3_ENDPOINT: z.url().optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  /** 'true': {endpoint}/{bucket}/key (MinIO and most self-hosted servers); 'false': {bucket}.{host}/key. */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'])
    .default('false')
    .transform((v) => v === 'true'),
  /** Put before every key when the bucket is shared with something else, e.g. 'shuttlequote/'. */
  S3_KEY_PREFIX: z
    .string()
    .regex(
      /^([A-Za-z0-9_-][A-Za-z0-9._-]*\/)+$/,
      "must be folder names each ending in '/', e.g. shuttlequote/",
    )
    .optional(),
});

export type Env = Omit<
  z.infer<typeof schema>,
  'AUTH_SECRET' | 'APP_URL' | 'WEB_CONCURRENCY' | 'SMS_PROVIDER' | 'STORAGE_DRIVER'
> & {
  AUTH_SECRET: string;
  APP_URL: string;
  isProduction: boolean;
  /** How many server processes to run (WEB_CONCURRENCY, or its default). */
  WEB_CONCURRENCY: number;
  /** Where text messages go (SMS_PROVIDER, or its default). */
  SMS_PROVIDER: 'twilio' | 'dev';
  /** Where uploads are kept (STORAGE_DRIVER, or its default). */
  STORAGE_DRIVER: 'local' | 's3';
};

/** Names of browser-exposed variables (Vite's VITE_ prefix) that would leak a secret into the bundle. */
const SECRET_NAME =
  /(SECRET|SERVICE_ROLE|PRIVATE|PASSWORD|TOKEN|API_KEY|SMTP|DATABASE_((DIRECT|MIGRATION)_)?URL)/i;

export function findExposedSecrets(vars: Record<string, string | undefined>): string[] {
  return Object.keys(vars).filter((k) => k.startsWith('VITE_') && SECRET_NAME.test(k) && vars[k]);
}

export function loadEnv(vars: Record<string, string | undefined> = process.env): Env {
  const exposed = findExposedSecrets(vars);
  if (exposed.length > 0) {
    throw new Error(
      `Refusing to start: ${exposed.join(', ')} would expose a secret (such as a service-role key) to the browser build. Remove the VITE_ prefix or the variable.`,
    );
  }
  // An empty variable means "not set" (a shell's `FOO=` or a blank line in an env file).
  const present = Object.fromEntries(Object.entries(vars).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const v = parsed.data;
  const isProduction = v.APP_ENV === 'production';
  let secret = v.AUTH_SECRET;
  if (!secret) {
    if (isProduction) throw new Error('Invalid configuration:\n  AUTH_SECRET: required in production');
    secret = readOrCreateSecret(v.DATA_DIR);
  }
  if (v.DATABASE_DIRECT_URL && !v.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  DATABASE_DIRECT_URL: needs DATABASE_URL (it is a second way to the same database)',
    );
  }
  if (v.DATABASE_MIGRATION_URL && !v.DATABASE_URL) {
    throw new Error(
      "Invalid configuration:\n  DATABASE_MIGRATION_URL: needs DATABASE_URL (it is the schema owner's way to the same database)",
    );
  }
  if (v.WEB_CONCURRENCY && v.WEB_CONCURRENCY > 1 && !v.DATABASE_URL) {
    throw new Error(
      'Invalid configuration:\n  WEB_CONCURRENCY: above 1 needs DATABASE_URL (the embedded database opens in one process only)',
    );
  }
  const twilioSet = Boolean(v.TWILIO_ACCOUNT_SID && v.TWILIO_AUTH_TOKEN && v.TWILIO_FROM);
  if (v.SMS_PROVIDER === 'twilio' && !twilioSet) {
    throw new Error(
      'Invalid configuration:\n  SMS_PROVIDER: twilio needs TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM',
    );
  }
  const storageDriver = v.STORAGE_DRIVER ?? (v.S3_BUCKET ? 's3' : 'local');
  if (storageDriver === 's3') {
    const missing = (['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const).filter((k) => !v[k]);
    if (missing.length > 0)
      throw new Error(`Invalid configuration:\n  STORAGE_DRIVER: s3 needs ${missing.join(', ')}`);
  }
  const concurrency = v.WEB_CONCURRENCY ?? (isProduction && v.DATABASE_URL ? availableParallelism() : 1);
  return {
    ...v,
    WEB_CONCURRENCY: concurrency,
    SMS_PROVIDER: v.SMS_PROVIDER ?? (twilioSet ? 'twilio' : 'dev'),
    STORAGE_DRIVER: storageDriver,
    AUTH_SECRET: secret,
    APP_URL: (v.APP_URL ?? `http://localhost:${v.PORT}`).replace(/\/$/, ''),
    isProduction,
  };
}

/** Development convenience: a random secret kept in DATA_DIR so sessions survive restarts. */
function readOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'auth-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
