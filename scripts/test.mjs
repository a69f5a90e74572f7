// `npm test`: every check the project has, in order, with one closing count of tests.
// Doc references → build → the web app's JS byte budget (size-limit) → lint → typecheck → SDK drift →
// migration drift → package checks → unit tests (with the domain coverage gate) → integration tests
// on PGlite (and on PostgreSQL when DATABASE_URL is set) → end-to-end tests in Chromium (among them
// the web vitals under mobile throttling and Lighthouse accessibility, printed as figures). It runs
// every step even after a failure, so one run shows everything that is broken, and exits non-zero if
// anything failed.
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import './check-node.mjs';

const out = mkdtempSync(join(tmpdir(), 'gg-test-'));
const totals = { passed: 0, failed: 0, skipped: 0 };
const failedSteps = [];
/** Each failed test, with its step and the first line of its error, repeated at the end of the output
 * (CI shows only the output's tail, and the unit tests' own report scrolls far above it). */
const failedTests = [];
/** Tests that failed and passed on a retry (the jsdom projects retry once in CI, ADR 0236). */
const retriedFile = join(out, 'retried.txt');

function run(command, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
    // Kept apart: the counts are read from stdout alone, where a piece of stderr cannot land mid-line.
    let text = '';
    let errors = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      text += chunk;
    });
    child.stderr.on('data', (chunk) => {
      process.stderr.write(chunk);
      errors += chunk;
    });
    child.on('close', (code) => resolve({ code: code ?? 1, text, errors }));
  });
}

/** The lines of a failed step's output that say why, when its report names no failed test (an unhandled
 * error after the tests, a crash of the runner). */
function whyFailed(text) {
  // eslint-disable-next-line no-control-regex
  const lines = text.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  return lines
    .map((line) => line.trim())
    .filter((line) => /unhandled|^\w*Error\b|originated in|^FAIL\b|ELIFECYCLE|exited/i.test(line))
    .slice(0, 8);
}

async function step(name, command, args, { env, countVitest, countNodeTest } = {}) {
  console.log(`\n━━ ${name} ━━`);
  const reportFile = join(out, `${name.replace(/\W+/g, '-')}.json`);
  const fullArgs = countVitest
    ? [
        ...args,
        '--reporter=default',
        '--reporter=json',
        `--outputFile.json=${reportFile}`,
        '--reporter=./scripts/vitest-retried-reporter.mjs',
      ]
    : args;
  const { code, text, errors } = await run(command, fullArgs, { RETRIED_TESTS_FILE: retriedFile, ...env });
  let counted = false;
  if (countVitest) {
    try {
      const report = JSON.parse(readFileSync(reportFile, 'utf8'));
      totals.passed += report.numPassedTests;
      totals.failed += report.numFailedTests;
      totals.skipped += report.numPendingTests + report.numTodoTests;
      counted = true;
      for (const file of report.testResults ?? []) {
        for (const test of file.assertionResults ?? []) {
          if (test.status === 'failed') {
            const reason = String(test.failureMessages?.[0] ?? '').split('\n')[0];
            failedTests.push(`${name}: ${file.name.replace(process.cwd() + '/', '')} › ${test.fullName}: ${reason}`);
          }
        }
        // A file that failed without a failed test of its own: it failed to load, or a beforeAll or
        // afterAll hook failed (its tests are then skipped or passed).
        if (file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed')) {
          failedTests.push(
            `${name}: ${file.name.replace(process.cwd() + '/', '')}: ${String(file.message || 'a hook of the file failed').split('\n')[0]}`,
          );
        }
      }
    } catch {
      // no report: the runner crashed before writing it
    }
  }
  if (countNodeTest) {
    const pass = /^# pass (\d+)$/m.exec(text) ?? /ℹ pass (\d+)/.exec(text);
    const fail = /^# fail (\d+)$/m.exec(text) ?? /ℹ fail (\d+)/.exec(text);
    if (pass && fail) {
      totals.passed += Number(pass[1]);
      totals.failed += Number(fail[1]);
      counted = true;
    }
    for (const line of text.split('\n')) {
      if (/^\s*(✖|not ok)\s/.test(line) && !/failing tests:/.test(line)) {
        failedTests.push(`${name}: ${line.trim()}`);
      }
    }
  }
  if (code !== 0) {
    failedSteps.push(name);
    if (!failedTests.some((line) => line.startsWith(`${name}: `))) {
      for (const line of whyFailed(`${text}\n${errors}`)) {
        failedTests.push(`${name}: ${line}`);
      }
    }
    if ((countVitest || countNodeTest) && !counted) {
      totals.failed += 1;
    }
  }
}

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

await step('doc references', 'node', ['scripts/check-doc-refs.mjs']);
await step('build', npm, ['run', 'build']);
await step('web JS budget', npm, ['run', 'check:budget', '-w', '@glucoguard/web']);
await step('lint', npm, ['run', 'lint']);
await step('typecheck', npm, ['run', 'typecheck']);
await step('sdk drift', npm, ['run', 'sdk:check']);
await step('migration drift', npm, ['run', 'db:check']);
await step('package checks', npm, [
  'run',
  'check:package',
  '-w',
  '@glucoguard/domain',
  '-w',
  '@glucoguard/sdk',
  '-w',
  '@glucoguard/ui',
]);
// The domain's coverage gate is measured on the domain's own tests. V8 coverage slows every worker of
// the run it is on, and under it react-spring's overlay animations in the ui project's jsdom tests
// stalled (the two clamp-dialog tests of reportCenter.test.tsx never saw their dialog close), so the
// other projects run without it.
await step('unit tests (domain, with its coverage gate)', npx, ['vitest', 'run', '--project', 'domain', '--coverage'], {
  countVitest: true,
});
await step(
  'unit tests',
  npx,
  [
    'vitest',
    'run',
    '--project',
    'sdk',
    '--project',
    'ui',
    '--project',
    'console',
    '--project',
    'api-unit',
    '--project',
    'gateway',
  ],
  { countVitest: true },
);
await step('integration tests (PGlite)', npx, ['vitest', 'run', '--project', 'api-integration'], {
  env: { DATABASE_URL: '' },
  countVitest: true,
});
if (process.env.DATABASE_URL) {
  await step('integration tests (PostgreSQL)', npx, ['vitest', 'run', '--project', 'api-integration'], {
    countVitest: true,
  });
}
await step('end-to-end tests', 'node', ['e2e/run.mjs'], { countNodeTest: true });

console.log('');
const retried = existsSync(retriedFile) ? readFileSync(retriedFile, 'utf8').trim().split('\n') : [];
if (retried.length > 0) {
  console.log('Passed only on a retry (a race to fix, though the run counts them as passed):');
  for (const line of retried.slice(0, 40)) {
    console.log(`  ${line.slice(0, 400)}`);
  }
}
if (failedTests.length > 0) {
  console.log('Failed tests:');
  for (const line of [...new Set(failedTests)].slice(0, 40)) {
    console.log(`  ${line.slice(0, 400)}`);
  }
}
if (failedSteps.length > 0) {
  console.log(`Failed steps: ${failedSteps.join(', ')}`);
}
const skipped = totals.skipped > 0 ? `, ${totals.skipped} skipped` : '';
console.log(`${totals.passed} passed, ${totals.failed} failed${skipped}`);
process.exit(failedSteps.length > 0 || totals.failed > 0 ? 1 : 0);
