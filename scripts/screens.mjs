// Refreshes the screenshots under docs/screens/ (the key screens at normal size and in 长辈模式,
// 390×844 at DPR 2): runs e2e/elderMode.e2e.mjs with UPDATE_SCREENS=1 against the built system, then
// shrinks the PNGs with pngquant when it is installed (`apt-get install pngquant`; without it they
// are kept as Chromium wrote them).
//   npm run build && npm run screens:update
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const screens = join(root, 'docs/screens');

const run = spawnSync(process.execPath, [join(root, 'e2e/run.mjs'), 'elderMode'], {
  cwd: root,
  env: { ...process.env, UPDATE_SCREENS: '1' },
  stdio: 'inherit',
});
if (run.status !== 0) {
  process.exit(run.status ?? 1);
}

const pngs = readdirSync(screens)
  .filter((name) => name.endsWith('.png'))
  .map((name) => join(screens, name));
const quant = spawnSync('pngquant', ['--quality=75-95', '--skip-if-larger', '--force', '--ext', '.png', ...pngs], {
  stdio: 'inherit',
});
if (quant.error !== undefined) {
  console.log('pngquant is not installed: the screenshots stay as Chromium wrote them.');
}
const kib = pngs.reduce((sum, file) => sum + statSync(file).size, 0) / 1024;
console.log(`docs/screens: ${pngs.length} screenshots, ${kib.toFixed(0)} KiB`);
