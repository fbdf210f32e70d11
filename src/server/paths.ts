/**
 * Where the project's own files are (migrations, the built web app), found from this module's place. It
 * sits two folders below the project root both as source (src/server/paths.ts, run by tsx in development
 * and tests) and compiled (dist/server/index.js, where esbuild puts every server module in one file), so
 * the same relative step finds the root in both.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The generated SQL migrations (drizzle/), applied on start. */
export const MIGRATIONS_FOLDER = path.join(PROJECT_ROOT, 'drizzle');

/** The built web app (npm run build). */
export const WEB_DIR = path.join(PROJECT_ROOT, 'dist', 'web');
