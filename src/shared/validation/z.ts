/**
 * The one zod import for code that also runs in the browser. Zod probes for eval support with
 * `new Function('')`; our Content-Security-Policy (script-src 'self') refuses it and the browser reports a
 * violation on every page that validates anything. In the browser zod is told not to try (jitless); the
 * server keeps zod's compiled fast path.
 */
import { z } from 'zod';

if (typeof window !== 'undefined') z.config({ jitless: true });

export { z };
