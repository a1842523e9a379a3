import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { shellTexts } from './shell-texts-plugin.ts';

const serverUrl = process.env.COTACEP_SERVER_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const MIN_BYTES = 1024;
const toBrotli = promisify(brotliCompress);
const toGzip = promisify(gzip);

/**
 * Writes `.br` and `.gz` next to each compressible file of the build, for the server to send as they are:
 * this build's own files only (the islands' build writes into the SPA's directory: decision 039).
 */
function precompress(): Plugin {
  let outDir = '';
  let written: string[] = [];
  return {
    name: 'cotacep:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      written = Object.keys(bundle);
    },
    async closeBundle() {
      const files = written.filter((file) => COMPRESSIBLE.test(file));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(path.join(outDir, file));
          if (source.length < MIN_BYTES) return;
          const [br, gz] = await Promise.all([
            toBrotli(source, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              },
            }),
            toGzip(source, { level: 9 }),
          ]);
          // A variant that saves too little is not worth a second lookup on every request.
          if (br.length < source.length * 0.9) await writeFile(path.join(outDir, `${file}.br`), br);
          if (gz.length < source.length * 0.9) await writeFile(path.join(outDir, `${file}.gz`), gz);
        }),
      );
    },
  };
}

/**
 * What a page loads before anything else (decision 016), in two chunks besides the entry's stub: `vendor`,
 * the packages the entry imports statically (`$initial`), and `app`, the app's own code they go with. Few
 * requests (each response carries some 1.3 KB of headers; left to itself, Rolldown splits a small module the
 * entry shares with lazy chunks, `app-config.ts` or `constants.ts`, into a request of its own), better
 * compression than smaller files, and a release that only changes the app keeps the vendor chunk's hash and
 * the browser's copy. What only lazy screens use, or what loads after the first paint (the header's menus,
 * the toasts, the pages' head texts), stays in their own chunks. The SPA and the prerendered pages' islands
 * are two builds with one such pair each (decision 039): a module's unused exports are left out per build,
 * so the islands do not carry the SPA's router or query cache.
 */
const INITIAL_CHUNKS = [
  { name: 'vendor', test: /node_modules[\\/]/, tags: ['$initial' as const], priority: 2 },
  {
    name: 'app',
    test: /[\\/](apps[\\/]web|packages)[\\/]src[\\/]/,
    tags: ['$initial' as const],
    priority: 1,
  },
];

/**
 * The islands' build (`--mode islands`): its chunks named apart from the SPA's, in the same directory, and
 * the query library in one chunk of its own, for the islands that load it (the status banner on every page):
 * left to itself, Rolldown cut it in four requests.
 */
const ISLANDS_CHUNKS = [
  ...INITIAL_CHUNKS.map((group) => ({ ...group, name: `islands-${group.name}` })),
  { name: 'islands-queries', test: /node_modules[\\/]@tanstack[\\/]/, priority: 1 },
];

/**
 * `npm run dev`: Vite on 5173 proxies the APIs to the server running in watch mode. `vite build` writes the
 * SPA; `vite build --mode islands` adds the prerendered pages' template and islands; `vite build --ssr` the
 * renderer that `scripts/prerender.ts` runs over every public page in each language (decision 039).
 */
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), shellTexts(), ...(isSsrBuild ? [] : [precompress()])],
  define: { __APP_VERSION__: JSON.stringify(process.env.npm_package_version ?? '0.0.0') },
  server: {
    port: 5173,
    proxy: {
      '/api': serverUrl,
      '/quotes': serverUrl,
      '/cep': serverUrl,
      '/healthz': serverUrl,
      '/readyz': serverUrl,
      '/.well-known': serverUrl,
    },
  },
  build: isSsrBuild
    ? // Run once, in Node, by the prerender: one file; the packages come from node_modules.
      { outDir: 'dist-ssr', emptyOutDir: true, rolldownOptions: { output: { codeSplitting: false } } }
    : {
        outDir: 'dist',
        emptyOutDir: mode !== 'islands',
        // Maps are written for an error tracker and for bundle analysis (decision 016), but no file points to
        // them (no `sourceMappingURL`), and the server never serves them in production (issue 22: they carry
        // the whole front-end source; apps/server/src/modules/web/routes.ts). One build serves every deploy,
        // so the build cannot tell production apart; the server can.
        sourcemap: 'hidden' as const,
        rolldownOptions: {
          // The SPA's entry is the root's index.html, Vite's default.
          ...(mode === 'islands' ? { input: path.resolve(import.meta.dirname, 'prerendered.html') } : {}),
          output: { codeSplitting: { groups: mode === 'islands' ? ISLANDS_CHUNKS : INITIAL_CHUNKS } },
        },
      },
}));
