/** Every table of the Drizzle schema, one file per domain (drizzle.config.ts and the app read it here). */
export * from './admin.ts';
export * from './app-features.ts';
export * from './auth.ts';
export * from './billing.ts';
export * from './drivers.ts';
export * from './email-change.ts';
export * from './files.ts';
export * from './issues.ts';
export * from './mail.ts';
export * from './marketplace.ts';
export * from './notifications.ts';
export * from './prices.ts';
export * from './reliability.ts';
export * from './security.ts';
export * from './sms.ts';
