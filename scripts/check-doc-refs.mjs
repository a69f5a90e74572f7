// Docs that stay true: every repository path and every code name that the project's notes cite
// in backticks must exist. Run by `npm test` (first step) and on its own:
// `node scripts/check-doc-refs.mjs [file.md …]`. The rules are in CONTRIBUTING.md ("Docs").
//
// Checked documents: CONTRIBUTING.md, docs/**/*.md and every README.md of the repository (the root's,
// each workspace's, each folder's).
//
// What counts, in inline code spans (fenced blocks are examples and are not read):
// 1. A cited path: a span without spaces or any of * < > { } … $ % ? # & = : | , ; ( ) ' " that
//    a) starts with a top-level entry of the repository and a slash (`apps/api/src/app.ts`,
//       `docs/adr/`), resolved from the root; or
//    b) starts with an entry of the document's own folder (`src/lib/db.ts` in apps/api/README.md,
//       `glossary.md` in docs/README.md), resolved from that folder; or
//    c) has a slash and ends in a file extension (`lib/request-policy.ts`): it must be the end of
//       some repository path (of the document's workspace, when it lives in one); or
//    d) is a bare file name with an extension (`app.ts`): some repository file (of the document's
//       workspace, when it lives in one, or the root) must have that name (one that starts with a dot,
//       `.service.ts`, must end some file's name).
//    Paths git ignores (build output such as `apps/web/dist`, `.data/`) are not checked.
// 2. A cited name: a span that is one identifier, optionally followed by `()`, written as
//    camelCase with a capital inside (`useApiData`), PascalCase with two humps (`ReadingBatcher`)
//    or SCREAMING_SNAKE with an underscore (`DAY_CELLS_SQL`): it must occur as a word in the
//    sources (code, `openapi.yaml`, configuration). Names of other software that the sources do
//    not use are written qualified (`pino.final`) and are not checked.
//    Not checked either: struck-through text (~~`removed.ts`~~, what no longer exists on purpose)
//    and the Context section of a decision record (docs/adr), which tells how things were.
// 3. Outside code, a plain-text path that starts with a top-level folder (apps/web/README.md)
//    must exist too.
// 4. A link `[text](relative/path)` must point to an existing file or folder; when its text is one
//    backticked identifier (`[`useApiData`](../apps/web/src/hooks/useApiData.ts)`), that file must
//    export it.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function git(args, input) {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.status !== 0 && result.status !== 1) {
    throw new Error(`git ${args.join(' ')} failed: ${result.stderr}`);
  }
  return result.stdout;
}

// Tracked files and new files not ignored, so a moved file counts before its move is committed;
// files deleted from the working tree do not count.
const repoFiles = git(['ls-files', '--cached', '--others', '--exclude-standard'])
  .split('\n')
  .filter((file) => file !== '' && existsSync(join(root, file)));
const repoFileSet = new Set(repoFiles);
const repoDirSet = new Set();
for (const file of repoFiles) {
  let dir = posix.dirname(file);
  while (dir !== '.' && !repoDirSet.has(dir)) {
    repoDirSet.add(dir);
    dir = posix.dirname(dir);
  }
}
const topLevel = new Set(repoFiles.map((file) => file.split('/')[0]));

const FILE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|json|md|yaml|yml|css|sql|sh|html|svg|png|txt)$/;
const SOURCE_EXTENSION = /\.(?:ts|tsx|mts|cts|js|mjs|cjs|jsx|json|yaml|yml|sql|css|html|sh)$/;
const NOT_A_PATH = /[\s*<>{}…$%?#&=:|,;()'"]/;
const IDENTIFIER = /^([A-Za-z_$][\w$]*)(?:\(\))?$/;
const CODE_NAME = /^(?:[a-z][a-z0-9]*[A-Z][\w$]*|[A-Z][a-z0-9]+[A-Z][\w$]*|[A-Z][A-Z0-9]*_[A-Z0-9_]+)$/;

let sourceWords = null;
function sourceWordSet() {
  if (sourceWords === null) {
    sourceWords = new Set();
    for (const file of repoFiles) {
      if (!SOURCE_EXTENSION.test(file) || file === 'package-lock.json') {
        continue;
      }
      const text = readFileSync(join(root, file), 'utf8');
      for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) {
        sourceWords.add(word);
      }
    }
  }
  return sourceWords;
}

function exists(relPath) {
  const clean = relPath.replace(/\/+$/, '');
  return clean === '' || clean === '.' || repoFileSet.has(clean) || repoDirSet.has(clean);
}

function isIgnored(relPath) {
  const clean = relPath.replace(/\/+$/, '');
  // Also as a folder: a pattern such as `dist/` matches only folders, and on a clean clone the
  // build output does not exist yet for git to see that it is one.
  return [clean, `${clean}/`].some(
    (path) => spawnSync('git', ['check-ignore', '-q', path], { cwd: root }).status === 0,
  );
}

const topLevelDirs = new Set([...topLevel].filter((entry) => repoDirSet.has(entry)));
// A repository path in plain text: a top-level folder, a slash, and at least one more name.
const PROSE_PATH = /(?<=^|[\s(（])([\w.-]+)\/[\w./-]*[\w/]/g;

const workspaceDirs = [...repoDirSet].filter((dir) => /^(?:apps|packages)\/[^/]+$/.test(dir));

/** Whether git ignores `path` under the document's folder, the root or a workspace (build output). */
function ignoredSomewhere(docDir, path) {
  return [docDir, '.', ...workspaceDirs].some((dir) => isIgnored(posix.join(dir, path)));
}

function exportsName(file, name) {
  const text = readFileSync(join(root, file), 'utf8');
  const declared = new RegExp(
    `export\\s+(?:declare\\s+)?(?:default\\s+)?(?:async\\s+)?(?:abstract\\s+)?(?:function\\*?|const|let|var|class|interface|type|enum)\\s+${name}\\b`,
  );
  const listed = new RegExp(`export\\s+(?:type\\s+)?\\{[^}]*\\b${name}\\b[^}]*\\}`);
  return declared.test(text) || listed.test(text);
}

/** The problem with one inline code span of `doc`, or null. */
function checkSpan(doc, span) {
  const docDir = posix.dirname(doc);
  const identifier = IDENTIFIER.exec(span);
  if (identifier) {
    const name = identifier[1];
    if (CODE_NAME.test(name) && !sourceWordSet().has(name)) {
      return `name \`${name}\` occurs nowhere in the sources`;
    }
    if (!FILE_EXTENSION.test(span)) {
      return null;
    }
  }
  if (NOT_A_PATH.test(span) || span.startsWith('/') || span.startsWith('@') || span.includes('...')) {
    return null;
  }
  const path = span.replace(/^\.\//, '');
  const first = path.split('/')[0];
  const candidates = [];
  if (path.startsWith('../')) {
    candidates.push(posix.normalize(posix.join(docDir, path)));
  } else {
    if (path.includes('/') && topLevel.has(first)) {
      candidates.push(path);
    }
    if (docDir !== '.' && (repoFileSet.has(posix.join(docDir, first)) || repoDirSet.has(posix.join(docDir, first)))) {
      candidates.push(posix.join(docDir, path));
    }
  }
  if (candidates.length > 0) {
    if (candidates.some(exists) || candidates.some(isIgnored)) {
      return null;
    }
    return `path \`${span}\` does not exist (looked for ${candidates.join(', ')})`;
  }
  if (!FILE_EXTENSION.test(path)) {
    return null;
  }
  // Inside a workspace (apps/web/README.md) a partial path or a bare name means a file of that
  // workspace; elsewhere, of the whole repository.
  const workspace = /^(?:apps|packages)\/[^/]+/.exec(docDir)?.[0];
  const scope = workspace ? repoFiles.filter((file) => file.startsWith(`${workspace}/`)) : repoFiles;
  const where = workspace ? ` of ${workspace}` : '';
  if (path.includes('/')) {
    const suffix = `/${path.replace(/\/+$/, '')}`;
    if (scope.some((file) => file.endsWith(suffix)) || ignoredSomewhere(docDir, path)) {
      return null;
    }
    return `path \`${span}\` is the end of no repository path${where}`;
  }
  // `.service.ts` names the end of file names; `.nvmrc` a file.
  const names = scope.map((file) => posix.basename(file));
  const found = path.startsWith('.') ? names.some((name) => name.endsWith(path)) : names.includes(path);
  if (found || repoFileSet.has(path) || ignoredSomewhere(docDir, path)) {
    return null;
  }
  return `file name \`${span}\` is the name of no repository file${where}`;
}

function checkLink(doc, text, target) {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#') || target.startsWith('/')) {
    return null;
  }
  const relPath = posix.normalize(posix.join(posix.dirname(doc), decodeURI(target.replace(/#.*$/, ''))));
  if (!exists(relPath)) {
    return `link to \`${target}\` points to nothing`;
  }
  const name = /^`([A-Za-z_$][\w$]*)`$/.exec(text.trim());
  if (name && repoFileSet.has(relPath) && !exportsName(relPath, name[1])) {
    return `link \`${name[1]}\` → ${target}: that file does not export it`;
  }
  return null;
}

function documents() {
  return repoFiles
    .filter((file) => file === 'CONTRIBUTING.md' || posix.basename(file) === 'README.md' || /^docs\/.*\.md$/.test(file))
    .sort();
}

/** The inline code spans of a line: a run of backticks up to the next run of the same length. */
function codeSpans(line) {
  const spans = [];
  let at = 0;
  while (at < line.length) {
    const open = line.indexOf('`', at);
    if (open < 0) {
      break;
    }
    let ticks = open;
    while (line[ticks] === '`') {
      ticks += 1;
    }
    const fence = line.slice(open, ticks);
    let close = line.indexOf(fence, ticks);
    while (close >= 0 && line[close + fence.length] === '`') {
      close = line.indexOf(fence, close + fence.length + 1);
    }
    if (close < 0) {
      at = ticks;
      continue;
    }
    spans.push({ start: open, end: close + fence.length, content: line.slice(ticks, close) });
    at = close + fence.length;
  }
  return spans;
}

/** Every problem of one document, as `file:line: message`. */
export function checkDocument(doc, text = readFileSync(join(root, doc), 'utf8')) {
  const problems = [];
  let fenced = false;
  // A decision record's Context tells how things were before the decision: history, not checked.
  const isRecord = /^docs\/adr\//.test(doc);
  let history = false;
  text.split('\n').forEach((line, index) => {
    if (/^\s*(```|~~~)/.test(line)) {
      fenced = !fenced;
      return;
    }
    if (fenced) {
      return;
    }
    if (isRecord && /^#{1,6}\s/.test(line)) {
      history = /^#{1,6}\s+Context\b/i.test(line);
    }
    const where = `${doc}:${index + 1}`;
    // Struck-through text (~~`old name`~~) names what no longer exists, on purpose.
    const struck = [...line.matchAll(/~~.+?~~/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
    const allSpans = codeSpans(line);
    const spans = allSpans.filter(
      (span) => !history && !struck.some((range) => span.start >= range.start && span.end <= range.end),
    );
    for (const match of line.matchAll(/\[([^\]]*)\]\(([^)\s]+)\)/g)) {
      if (allSpans.some((span) => match.index >= span.start && match.index < span.end)) {
        continue;
      }
      const problem = checkLink(doc, match[1], match[2]);
      if (problem) {
        problems.push(`${where}: ${problem}`);
      }
    }
    for (const span of spans) {
      const problem = checkSpan(doc, span.content.trim());
      if (problem) {
        problems.push(`${where}: ${problem}`);
      }
    }
    let prose = history ? '' : line;
    for (const range of [...allSpans, ...struck]) {
      prose = prose.slice(0, range.start) + ' '.repeat(range.end - range.start) + prose.slice(range.end);
    }
    prose = prose.replace(/\]\([^)]*\)/g, (link) => ' '.repeat(link.length));
    for (const match of prose.matchAll(PROSE_PATH)) {
      if (topLevelDirs.has(match[1]) && !exists(match[0].trim()) && !isIgnored(match[0].trim())) {
        problems.push(`${where}: path ${match[0].trim()} does not exist`);
      }
    }
  });
  return problems;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const asked = process.argv.slice(2).map((file) => relative(root, resolve(file)).split('\\').join('/'));
  const docs = asked.length > 0 ? asked : documents();
  const problems = docs.flatMap((doc) => checkDocument(doc));
  if (problems.length > 0) {
    console.error(problems.join('\n'));
    console.error(`\n${problems.length} stale reference(s) in the docs; rules: CONTRIBUTING.md, "Docs".`);
    process.exit(1);
  }
  console.log(`Doc references: ${docs.length} documents, every cited path and name exists.`);
}
