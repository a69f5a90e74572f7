/* global window, document, MutationObserver */
// Web vitals on a weak phone (issue 17 §9): the guest home, the demo patient's home and his report
// centre, each opened WEB_VITALS_RUNS times (3) in a fresh browser context (cold cache, no storage)
// at 390×844, DPR 2, with Lighthouse's mobile throttling applied through the DevTools protocol:
// 150 ms latency, 1.6 Mbps down, 750 kbps up, CPU 4× slower. It records LCP, CLS, total blocking
// time and the JavaScript received (as sent, i.e. compressed when the server compresses, and
// uncompressed), FCP, when React first put content into #root (which hides index.html's skeleton:
// "app in #root") and when the page's own first real content appeared ("content shown": the guest
// home's tiles, the signed-in home's today-summary values, the report centre's first sugar-table
// row), both taken in the page by a MutationObserver against performance.now(). It prints a table of
// the medians and writes every run to test-results/web-vitals.json and the table to
// test-results/web-vitals.md. WEB_VITALS_WATERFALL=1 also prints (and keeps in the JSON) the request
// waterfall of each page's first run.
//
// It never asserts on time (the machine is shared, timings are noise): it fails only when a figure
// could not be measured or the page broke. The JavaScript byte budget is enforced by the web app's
// size-limit check (`npm run check:budget -w @glucoguard/web`). The figures for the notes:
// `npm run bench:web` (bench/README.md).
import assert from 'node:assert/strict';
import { mkdir, writeFile } from 'node:fs/promises';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, PHONE } from './phone.mjs';

const RUNS = Number(process.env.WEB_VITALS_RUNS ?? 3);
const WATERFALL = process.env.WEB_VITALS_WATERFALL === '1';
const DEMO_PATIENT = 'deviceKey=demo-patient-0000000001';

/** Lighthouse's mobile profile (its constants: 150 ms RTT, 1.6 × 1024 kbps down, 750 kbps up, 4× CPU). */
const MOBILE_THROTTLING = {
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
  cpuSlowdown: 4,
};

/**
 * `content`: a CSS selector for the page's own first real content (by role and accessible name, not
 * by the hashed CSS-module classes): the entry tiles (EntryGrid's buttons in 功能入口), the demo
 * patient's latest values in 今日概览 (TodaySummary), the first row of 血糖数据表 (SugarTable).
 */
const PAGES = [
  {
    name: 'guest home',
    path: '/',
    ready: (page) => page.getByRole('navigation', { name: '主导航' }),
    content: 'section[aria-label="功能入口"] button',
  },
  {
    name: 'signed-in home',
    path: `/?${DEMO_PATIENT}`,
    ready: (page) => page.getByRole('navigation', { name: '主导航' }),
    content: 'section[aria-label="今日概览"] strong',
  },
  {
    name: 'report centre',
    path: `/reportCenter/reportCenter?${DEMO_PATIENT}`,
    ready: (page) => page.getByRole('tab', { name: '报告' }),
    content: 'table[aria-label="血糖数据表"] tbody tr',
  },
];

/** Quiet: no new resource and no new long task for this long after `load`. */
const QUIET_MS = 2000;
const SETTLE_LIMIT_MS = 45_000;

/**
 * Collects paint, LCP, layout shifts and long tasks from the first moment of the document, and
 * when #root first got content (`app`) and when `contentSelector` first matched (`content`).
 * @param {string} contentSelector
 */
function observeVitals(contentSelector) {
  const vitals = { fcp: null, lcp: null, lcpElement: '', shifts: [], longTasks: [], app: null, content: null };
  Object.defineProperty(window, '__ggVitals', { value: vitals });
  const domWatch = new MutationObserver(() => {
    const now = performance.now();
    if (vitals.app === null && (document.getElementById('root')?.childElementCount ?? 0) > 0) {
      vitals.app = now;
    }
    if (vitals.content === null && document.querySelector(contentSelector) !== null) {
      vitals.content = now;
    }
    if (vitals.app !== null && vitals.content !== null) {
      domWatch.disconnect();
    }
  });
  domWatch.observe(document, { childList: true, subtree: true });
  const observe = (type, onEntry) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(onEntry)).observe({ type, buffered: true });
    } catch {
      // entry type not supported: the figure stays empty and the test says so
    }
  };
  observe('paint', (entry) => {
    if (entry.name === 'first-contentful-paint') {
      vitals.fcp = entry.startTime;
    }
  });
  observe('largest-contentful-paint', (entry) => {
    vitals.lcp = entry.startTime;
    const element = entry.element;
    vitals.lcpElement = element
      ? `${element.tagName.toLowerCase()}${element.className ? `.${String(element.className).split(' ')[0]}` : ''} «${(element.textContent ?? '').trim().slice(0, 24)}»`
      : '(removed)';
  });
  observe('layout-shift', (entry) => {
    if (!entry.hadRecentInput) {
      vitals.shifts.push({ time: entry.startTime, value: entry.value });
    }
  });
  observe('longtask', (entry) => {
    vitals.longTasks.push({ start: entry.startTime, duration: entry.duration });
  });
}

/**
 * CLS as Chrome defines it: the largest session window of shifts (gaps under 1 s, windows of at
 * most 5 s).
 * @param {{ time: number, value: number }[]} shifts
 */
function cumulativeLayoutShift(shifts) {
  let best = 0;
  let current = 0;
  let windowStart = -Infinity;
  let last = -Infinity;
  for (const { time, value } of [...shifts].sort((a, b) => a.time - b.time)) {
    if (time - last > 1000 || time - windowStart > 5000) {
      current = 0;
      windowStart = time;
    }
    current += value;
    last = time;
    best = Math.max(best, current);
  }
  return best;
}

/**
 * Total blocking time as Lighthouse defines it: for every long task after first contentful paint
 * (clipped to it) and before the end of the window, the part beyond 50 ms.
 * @param {{ start: number, duration: number }[]} tasks @param {number} fcp @param {number} end
 */
function totalBlockingTime(tasks, fcp, end) {
  let total = 0;
  for (const { start, duration } of tasks) {
    const clipped = Math.min(start + duration, end) - Math.max(start, fcp);
    if (clipped > 50) {
      total += clipped - 50;
    }
  }
  return total;
}

/**
 * The requests as text lines, in the order they started: start–end in ms from the first request,
 * bytes as sent, content encoding, type, address (without the origin).
 * @param {Map<string, { url: string, type: string, start: number, end: number | null, bytes: number, encoding: string }>} requests
 * @param {string} base
 */
function waterfall(requests, base) {
  const list = [...requests.values()].sort((a, b) => a.start - b.start);
  const origin = list[0]?.start ?? 0;
  const ms = (time) => Math.round((time - origin) * 1000);
  return list.map(
    (r) =>
      `${String(ms(r.start)).padStart(6)}–${String(r.end === null ? '…' : ms(r.end)).padStart(6)} ms ` +
      `${String(r.bytes).padStart(7)} B ${(r.encoding || '-').padEnd(4)} ${r.type.padEnd(10)} ${r.url.replace(base, '').slice(0, 90)}`,
  );
}

/** @param {number[]} values */
function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

const kib = (bytes) => bytes / 1024;

/** @type {import('playwright-core').Browser} */
let browser;
/** @type {{ page: string, run: number, lcpMs: number, lcpElement: string, cls: number, tbtMs: number, fcpMs: number, appMs: number, contentMs: number, loadMs: number, jsFiles: number, jsSentKiB: number, jsKiB: number, scripts: string[], waterfall?: string[] }[]} */
const runs = [];
let visits = 0;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (runs.length === 0) {
    return;
  }
  const rows = PAGES.map(({ name }) => {
    const mine = runs.filter((run) => run.page === name);
    const med = (key) => median(mine.map((run) => run[key]));
    return {
      page: name,
      runs: mine.length,
      lcp: `${(med('lcpMs') / 1000).toFixed(2)} s`,
      fcp: `${(med('fcpMs') / 1000).toFixed(2)} s`,
      app: `${(med('appMs') / 1000).toFixed(2)} s`,
      content: `${(med('contentMs') / 1000).toFixed(2)} s`,
      cls: med('cls').toFixed(3),
      tbt: `${Math.round(med('tbtMs'))} ms`,
      sent: med('jsSentKiB').toFixed(0),
      raw: med('jsKiB').toFixed(0),
      each: mine
        .map(
          (run) =>
            `${(run.lcpMs / 1000).toFixed(2)}/${(run.contentMs / 1000).toFixed(2)}/${run.cls.toFixed(3)}/${Math.round(run.tbtMs)}`,
        )
        .join(', '),
    };
  });
  const table = [
    '| page | runs | LCP | FCP | app in #root | content shown | CLS | TBT | JS KiB as sent | JS KiB uncompressed | each run (LCP s / content s / CLS / TBT ms) |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...rows.map(
      (row) =>
        `| ${row.page} | ${row.runs} | ${row.lcp} | ${row.fcp} | ${row.app} | ${row.content} | ${row.cls} | ${row.tbt} | ${row.sent} | ${row.raw} | ${row.each} |`,
    ),
  ].join('\n');
  const when = new Date().toISOString();
  const header = `Web vitals, median of ${RUNS} cold loads each, 390×844 DPR 2, 150 ms / 1.6 Mbps / 750 kbps / CPU 4× (${when}, ${BASE_URL})`;
  await mkdir('test-results', { recursive: true });
  await writeFile(
    'test-results/web-vitals.json',
    `${JSON.stringify({ when, base: BASE_URL, throttling: MOBILE_THROTTLING, runs }, null, 2)}\n`,
  );
  await writeFile('test-results/web-vitals.md', `${header}\n\n${table}\n`);
  console.log(`\n${header}\n${table}\nWritten to test-results/web-vitals.json and test-results/web-vitals.md\n`);
});

/**
 * One cold load of a page under the mobile throttling, measured until the page has been quiet
 * for QUIET_MS after `load`.
 * @param {(typeof PAGES)[number]} target @param {number} run
 */
async function measure(target, run) {
  visits += 1;
  const context = await browser.newContext({
    ...PHONE,
    deviceScaleFactor: 2,
    // A client address of its own per visit (e2e/run.mjs trusts loopback's X-Forwarded-For), as in e2e/phone.mjs.
    extraHTTPHeaders: { 'X-Forwarded-For': `198.19.0.${visits}` },
  });
  context.setDefaultTimeout(SETTLE_LIMIT_MS);
  try {
    const page = await context.newPage();
    /** @type {string[]} */
    const problems = [];
    page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
    await page.addInitScript(observeVitals, target.content);

    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.clearBrowserCache');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: MOBILE_THROTTLING.latency,
      downloadThroughput: MOBILE_THROTTLING.downloadThroughput,
      uploadThroughput: MOBILE_THROTTLING.uploadThroughput,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: MOBILE_THROTTLING.cpuSlowdown });
    /** @type {Map<string, { url: string, sent: number, raw: number }>} */
    const scripts = new Map();
    /** Every request, for the waterfall: CDP timestamps in seconds. */
    /** @type {Map<string, { url: string, type: string, start: number, end: number | null, bytes: number, encoding: string }>} */
    const requests = new Map();
    cdp.on('Network.requestWillBeSent', ({ requestId, request, type, timestamp }) => {
      requests.set(requestId, {
        url: request.url,
        type: type ?? 'Other',
        start: timestamp,
        end: null,
        bytes: 0,
        encoding: '',
      });
    });
    cdp.on('Network.responseReceived', ({ requestId, type, response }) => {
      const request = requests.get(requestId);
      if (request) {
        request.type = type ?? request.type;
        request.encoding =
          Object.entries(response.headers).find(([name]) => name.toLowerCase() === 'content-encoding')?.[1] ?? '';
      }
      if (type === 'Script') {
        scripts.set(requestId, { url: response.url, sent: 0, raw: 0 });
      }
    });
    cdp.on('Network.dataReceived', ({ requestId, dataLength }) => {
      const script = scripts.get(requestId);
      if (script) {
        script.raw += dataLength;
      }
    });
    cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength, timestamp }) => {
      const request = requests.get(requestId);
      if (request) {
        request.end = timestamp;
        request.bytes = encodedDataLength;
      }
      const script = scripts.get(requestId);
      if (script) {
        script.sent = encodedDataLength;
      }
    });

    const response = await page.goto(`${BASE_URL}${target.path}`, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    await target.ready(page).waitFor();
    // Quiet: nothing new fetched and no long task for QUIET_MS.
    const settleBy = Date.now() + SETTLE_LIMIT_MS;
    let last = '';
    let quietSince = Date.now();
    while (Date.now() < settleBy) {
      const now = await page.evaluate(
        () => `${window.performance.getEntriesByType('resource').length}/${window.__ggVitals.longTasks.length}`,
      );
      if (now !== last) {
        last = now;
        quietSince = Date.now();
      } else if (Date.now() - quietSince >= QUIET_MS) {
        break;
      }
      await page.waitForTimeout(250);
    }
    const vitals = await page.evaluate(() => ({
      ...window.__ggVitals,
      load: window.performance.getEntriesByType('navigation')[0]?.loadEventEnd ?? 0,
      now: window.performance.now(),
    }));
    assert.deepEqual(problems, [], `${target.name}: the page ran cleanly`);
    assert.ok(vitals.fcp !== null && vitals.fcp > 0, `${target.name}: first contentful paint observed`);
    assert.ok(vitals.lcp !== null && vitals.lcp > 0, `${target.name}: largest contentful paint observed`);
    assert.ok(vitals.app !== null, `${target.name}: the app rendered into #root`);
    assert.ok(vitals.content !== null, `${target.name}: its first content (${target.content}) appeared`);
    const finished = [...scripts.values()].filter((script) => script.raw > 0);
    assert.ok(finished.length > 0, `${target.name}: scripts received`);
    const record = {
      page: target.name,
      run,
      lcpMs: vitals.lcp,
      lcpElement: vitals.lcpElement,
      cls: cumulativeLayoutShift(vitals.shifts),
      tbtMs: totalBlockingTime(vitals.longTasks, vitals.fcp, vitals.now),
      fcpMs: vitals.fcp,
      appMs: vitals.app,
      contentMs: vitals.content,
      loadMs: vitals.load,
      jsFiles: finished.length,
      jsSentKiB: kib(finished.reduce((sum, script) => sum + script.sent, 0)),
      jsKiB: kib(finished.reduce((sum, script) => sum + script.raw, 0)),
      scripts: finished.map((script) => `${new URL(script.url).pathname} ${script.sent}/${script.raw}`),
    };
    if (WATERFALL && run === 1) {
      record.waterfall = waterfall(requests, BASE_URL);
    }
    runs.push(record);
    console.log(
      `${target.name} #${run}: LCP ${(record.lcpMs / 1000).toFixed(2)} s (${record.lcpElement}), ` +
        `FCP ${(record.fcpMs / 1000).toFixed(2)} s, app in #root ${(record.appMs / 1000).toFixed(2)} s, ` +
        `content shown ${(record.contentMs / 1000).toFixed(2)} s, CLS ${record.cls.toFixed(3)}, TBT ${Math.round(record.tbtMs)} ms, ` +
        `JS ${record.jsFiles} files ${record.jsSentKiB.toFixed(0)} KiB sent / ${record.jsKiB.toFixed(0)} KiB`,
    );
    if (record.waterfall) {
      console.log(`${target.name} #${run} waterfall (ms from the document request):\n${record.waterfall.join('\n')}`);
    }
  } finally {
    await context.close();
  }
}

describe(
  'web vitals under the mobile throttling (figures, not timed assertions)',
  { skip: process.env.E2E_STATIC === '1' ? 'needs the API for the demo account' : false },
  () => {
    for (const target of PAGES) {
      it(`measures the ${target.name} in ${RUNS} cold loads`, async () => {
        for (let run = 1; run <= RUNS; run += 1) {
          await measure(target, run);
        }
      });
    }
  },
);
