/** Entry point: `npm start`. Reads the configuration, opens the database (migrating it) and serves. */
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';
import { openDatabase } from './db/client.ts';
import { loadEnv } from './env.ts';
import { ensureAdmin } from './modules/admin/ensure-admin.ts';
import { listen } from './server.ts';
import { startDeliveryWorker } from './services/delivery-worker.ts';
import { mailFrom } from './services/mail.ts';
import { startMailWorker } from './services/mail-worker.ts';
import { startSweeper } from './services/sweep.ts';

async function main() {
  const env = loadEnv();
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR });
  const webDir = fileURLToPath(new URL('../../dist/web', import.meta.url));
  const { app, deps, hub } = createApp({ env, database, webDir });
  if (env.ADMIN_EMAIL) {
    const outcome = await ensureAdmin(deps, {
      email: env.ADMIN_EMAIL,
      name: env.ADMIN_NAME,
      password: env.ADMIN_PASSWORD,
    });
    console.log(`Administrator ${env.ADMIN_EMAIL}: ${outcome}`);
  }
  const server = await listen(app, env.PORT, env.HOST);
  // Expires past requests and quotes every minute; safe with several instances (an advisory lock).
  const stopSweeper = startSweeper(database.db);
  // E-mails and pushes every notification as each user chose; several instances share the work safely.
  const stopDelivery = await startDeliveryWorker({
    db: database.db,
    env,
    mailer: deps.mailer,
    database,
  });
  // Sends the mail outbox over SMTP (JSON transport without SMTP_URL), with retries; see ADR 011.
  const stopMail = await startMailWorker({
    db: database.db,
    database,
    smtpUrl: env.SMTP_URL,
    from: mailFrom(env),
  });
  console.log(
    `${env.BRAND_NAME} is running at ${env.APP_URL} (${env.APP_ENV}, database: ${database.kind === 'pglite' ? `PGlite in ${env.DATA_DIR}` : 'PostgreSQL'})`,
  );
  if (!env.isProduction && !env.SMTP_URL)
    console.log(`E-mail goes to the development mailbox: ${env.APP_URL}/dev/mailbox`);
  const stop = async () => {
    stopSweeper();
    await stopDelivery();
    await stopMail();
    await server.close();
    await hub.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
