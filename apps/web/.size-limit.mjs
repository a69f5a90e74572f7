// The JavaScript byte budget of the first screen (issue 17 §9): the home route's scripts — the entry's
// chunks that index.html loads and the chunks of the main page and its home tab, as the build lists
// them in first-route.json (build/firstRoute.ts) — at most 200 KiB as sent, brotli-compressed (the
// build writes a .br copy of each and the API serves it). Run after the build:
//   npm run check:budget -w @glucoguard/web        (WEB_OUT_DIR: a build in another folder)
// docs/adr/0101-javascript-byte-budget.md says why this measure and this tool.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = fileURLToPath(new URL('.', import.meta.url));
const dist = process.env.WEB_OUT_DIR ?? join(here, 'dist');
const manifestPath = join(dist, 'first-route.json');
let manifest;
try {
  manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
} catch (error) {
  throw new Error(`${manifestPath} could not be read: run \`npm run build -w @glucoguard/web\` first.`, {
    cause: error,
  });
}

const scripts = manifest.scripts.map((file) => relative(here, join(dist, file)));

export default [
  {
    name: 'first route JS as sent (brotli): entry + page-main + tab-home',
    path: scripts,
    brotli: true,
    limit: '200 KiB',
  },
  // For information (no limit): what a browser that does not take brotli is sent.
  { name: 'first route JS, gzip', path: scripts, gzip: true },
  { name: 'first route JS, uncompressed', path: scripts, brotli: false },
];
