export * from './auth.ts';
export * from './drivers.ts';
export * from './files.ts';
export * from './issues.ts';
export * from './mail.ts';
export * from './marketplace.ts';
export * from './notifications.ts';
export * from './security.ts';
