/**
 * `npm run build`'s second half: the server compiled into one ES module, dist/server/index.js, that
 * `npm start` runs with plain node (issue 17; tsx stays for development). ADR 020
 * (docs/decisions/020-compiled-server.md); what is bundled and what is not: server-bundle.ts.
 */
import { bundleServer } from './server-bundle.ts';

const started = Date.now();
await bundleServer('dist/server');
console.log(`dist/server/index.js built in ${Date.now() - started} ms`);
