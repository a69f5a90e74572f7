// Writes packages/ui/src/tokens.ts, the JavaScript mirror of the design tokens, from
// packages/ui/src/tokens.css (the one source). Code that needs a token's value in JavaScript
// (chart libraries, SVG presentation attributes, a colour a test reads back) imports it from there.
//   node scripts/tokens.mjs           write the mirror (npm run tokens:generate)
//   node scripts/tokens.mjs --check   fail when the mirror is not what the CSS gives (npm run lint)
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const cssPath = join(root, 'packages/ui/src/tokens.css');
const tsPath = join(root, 'packages/ui/src/tokens.ts');

const css = readFileSync(cssPath, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
// The default theme is the first `:root { … }` block; brand and mode blocks override it at run time.
const block = /:root\s*\{([^}]*)\}/.exec(css)?.[1];
if (block === undefined) {
  throw new Error('tokens.css has no :root block');
}
const raw = new Map();
for (const [, name, value] of block.matchAll(/--gg-([a-z0-9-]+)\s*:\s*([^;]+);/g)) {
  raw.set(name, value.trim());
}
const resolve = (value, seen = new Set()) =>
  value.replace(/var\(--gg-([a-z0-9-]+)\)/g, (_, name) => {
    if (seen.has(name) || !raw.has(name)) {
      throw new Error(`tokens.css: --gg-${name} is unknown or circular`);
    }
    return resolve(raw.get(name), new Set([...seen, name]));
  });
const camel = (name) => name.replace(/-([a-z0-9])/g, (_, c) => c.toUpperCase());

const lines = [];
for (const [name, value] of raw) {
  const resolved = resolve(value);
  // Lengths in px become numbers (what chart libraries and SVG attributes take).
  const px = /^(\d+(?:\.\d+)?)px$/.exec(resolved);
  lines.push(`  ${camel(name)}: ${px ? px[1] : `'${resolved}'`},`);
}
const ts = `// GENERATED from tokens.css by scripts/tokens.mjs (npm run tokens:generate); do not edit.
// The values of the default theme, for code that needs a token in JavaScript; CSS uses var(--gg-…).

/** The design tokens' default values (lengths in px as numbers). */
export const tokens = {
${lines.join('\n')}
} as const;
`;

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(tsPath, 'utf8');
  } catch {
    // missing: stale
  }
  if (current !== ts) {
    console.error('✖ packages/ui/src/tokens.ts is stale: run npm run tokens:generate');
    process.exit(1);
  }
  console.log('✔ tokens.ts matches tokens.css');
} else {
  writeFileSync(tsPath, ts);
  console.log(`wrote ${tsPath} (${raw.size} tokens)`);
}
