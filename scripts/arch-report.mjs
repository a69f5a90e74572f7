#!/usr/bin/env node
// Prints the architecture figures the issue-16 note compares before and after:
// the API's module graph (cycles, edges inside cycles, longest chain), the web app's
// hand-rolled fetch effects and inline styles, and the largest source files.
// Usage: node scripts/arch-report.mjs   (runs dependency-cruiser over apps/api/src)
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const cruise = JSON.parse(
  execFileSync(
    'npx',
    ['depcruise', 'apps/api/src', '--no-config', '--ts-config', 'apps/api/tsconfig.json', '--output-type', 'json'],
    { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' },
  ),
);

/** A module is a folder under src/modules/ or under src/contexts/<context>/. */
function moduleOf(path) {
  const m = path.match(/apps\/api\/src\/(?:modules|contexts\/[^/]+)\/([^/.]+)\//);
  if (m) {
    return path.includes('/contexts/') ? path.match(/contexts\/([^/]+\/[^/.]+)\//)[1] : m[1];
  }
  const c = path.match(/apps\/api\/src\/contexts\/([^/]+)\/[^/]+\.ts$/);
  return c ? `${c[1]}/index` : null;
}

const graph = new Map();
for (const m of cruise.modules) {
  const from = moduleOf(m.source);
  if (!from) {
    continue;
  }
  if (!graph.has(from)) {
    graph.set(from, new Set());
  }
  for (const d of m.dependencies) {
    const to = moduleOf(d.resolved);
    if (to && to !== from) {
      graph.get(from).add(to);
    }
  }
}
const nodes = [...graph.keys()];
const edges = nodes.reduce((s, n) => s + graph.get(n).size, 0);

// Tarjan's strongly connected components.
let index = 0;
const stack = [];
const onStack = new Set();
const idx = new Map();
const low = new Map();
const comp = new Map();
const sccs = [];
function strong(v) {
  idx.set(v, index);
  low.set(v, index++);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v) ?? []) {
    if (!idx.has(w)) {
      strong(w);
      low.set(v, Math.min(low.get(v), low.get(w)));
    } else if (onStack.has(w)) {
      low.set(v, Math.min(low.get(v), idx.get(w)));
    }
  }
  if (low.get(v) === idx.get(v)) {
    const c = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      c.push(w);
      comp.set(w, sccs.length);
    } while (w !== v);
    sccs.push(c);
  }
}
for (const n of nodes) {
  if (!idx.has(n)) {
    strong(n);
  }
}
const cycles = sccs.filter((c) => c.length > 1);
let inCycle = 0;
for (const a of nodes) {
  for (const b of graph.get(a)) {
    if (comp.get(a) === comp.get(b)) {
      inCycle++;
    }
  }
}

// Longest chain of modules in the graph with cycles collapsed.
const memo = new Map();
function longest(c) {
  if (memo.has(c)) {
    return memo.get(c);
  }
  memo.set(c, [sccs[c].join('+')]);
  let best = [];
  for (const a of sccs[c]) {
    for (const b of graph.get(a) ?? []) {
      const cb = comp.get(b);
      if (cb !== c) {
        const path = longest(cb);
        if (path.length > best.length) {
          best = path;
        }
      }
    }
  }
  const result = [sccs[c].join('+'), ...best];
  memo.set(c, result);
  return result;
}
let chain = [];
for (let c = 0; c < sccs.length; c++) {
  if (longest(c).length > chain.length) {
    chain = longest(c);
  }
}

const files = execFileSync('git', ['ls-files', 'apps', 'packages'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !f.includes('/generated/') && !f.includes('/migrations/'));
let letLive = 0;
let inlineStyles = 0;
const sizes = [];
for (const f of files) {
  const text = readFileSync(`${root}/${f}`, 'utf8');
  if (f.startsWith('apps/web/src/') && !/\.test\.tsx?$/.test(f)) {
    letLive += (text.match(/let (live|alive|active|cancelled) = (true|false)/g) ?? []).length;
    inlineStyles += (text.match(/style=\{\{/g) ?? []).length;
  }
  sizes.push([text.split('\n').length, f]);
}
sizes.sort((a, b) => b[0] - a[0]);

console.log(`API modules: ${nodes.length}, dependency arrows: ${edges}`);
console.log(`Cycles: ${cycles.length} (${cycles.map((c) => c.sort().join(' ↔ ')).join('; ') || 'none'})`);
console.log(`Arrows inside cycles (pointing back up): ${inCycle}`);
console.log(`Longest chain (${chain.length}): ${chain.join(' → ')}`);
console.log(`Web app: hand-rolled fetch effects (let live/alive/active/cancelled): ${letLive}`);
console.log(`Web app: inline style objects (style={{…}}): ${inlineStyles}`);
console.log('Largest source files (lines):');
for (const [n, f] of sizes.slice(0, 10)) {
  console.log(`  ${String(n).padStart(5)}  ${f}`);
}
