// Start-up of the web app on a weak phone (issue 17): loads a page in /usr/bin/chromium at 390×844,
// DPR 2, with Lighthouse's mobile throttling applied through the DevTools protocol (150 ms latency,
// 1.6 Mbps down, 750 kbps up, 4× CPU) and an empty cache, and prints LCP, CLS, the JS bytes as sent
// (compressed, from the network layer) and the request waterfall.
//
//   node bench/startup.mjs [BASE_URL]            BASE_URL defaults to $E2E_BASE_URL or http://127.0.0.1:3000
//   STARTUP_RUNS=3 STARTUP_WATERFALL=0 node bench/startup.mjs
//
// The system must be running with the demo data (SEED_DEMO_DATA, on by default outside production):
// the signed-in cases use the demo patient's device key. `measureStartup` is exported for other
// harnesses. Timings on a shared machine are rough; byte counts are exact.
/* global window, document, MutationObserver */
import { chromium } from 'playwright-core';
import { pathToFileURL } from 'node:url';

/** Lighthouse's mobile profile ("Slow 4G"): what issue 17 measures against. */
export const MOBILE_THROTTLING = {
  latencyMs: 150,
  downloadKbps: 1.6 * 1024,
  uploadKbps: 750,
  cpuSlowdown: 4,
};

export const DEMO_PATIENT_KEY = 'demo-patient-0000000001';

/** The pages issue 17 names, and how to open them. */
export const STARTUP_CASES = [
  { name: 'guest home', path: '/', deviceKey: null },
  { name: 'signed-in home', path: '/', deviceKey: DEMO_PATIENT_KEY },
  { name: 'report centre', path: '/reportCenter/reportCenter', deviceKey: DEMO_PATIENT_KEY },
];

/** Records LCP and CLS from the page's own observers (buffered, so nothing before the script is lost). */
function observeVitals() {
  const vitals = { lcp: 0, cls: 0, firstContentfulPaint: 0, appPaint: 0 };
  Object.defineProperty(window, '__startupVitals', { value: vitals });
  // When React first put something into #root, which hides index.html's skeleton: the app's own first screen.
  const rootWatch = new MutationObserver(() => {
    const root = document.getElementById('root');
    if (root !== null && root.childElementCount > 0 && vitals.appPaint === 0) {
      vitals.appPaint = performance.now();
      rootWatch.disconnect();
    }
  });
  rootWatch.observe(document, { childList: true, subtree: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      vitals.lcp = entry.startTime;
    }
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (!entry.hadRecentInput) {
        vitals.cls += entry.value;
      }
    }
  }).observe({ type: 'layout-shift', buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.name === 'first-contentful-paint') {
        vitals.firstContentfulPaint = entry.startTime;
      }
    }
  }).observe({ type: 'paint', buffered: true });
}

/**
 * One cold load of `baseUrl + path` under the mobile throttling, in a fresh context (empty cache).
 * @param {import('playwright-core').Browser} browser
 * @param {{ baseUrl: string, path: string, deviceKey: string | null, settleMs?: number, throttling?: typeof MOBILE_THROTTLING }} options
 */
export async function measureStartup(
  browser,
  { baseUrl, path, deviceKey, settleMs = 3000, throttling = MOBILE_THROTTLING },
) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
  });
  if (deviceKey !== null) {
    await context.addInitScript((key) => {
      if (window.localStorage.getItem('glucoguard.deviceKey') === null) {
        window.localStorage.setItem('glucoguard.deviceKey', key);
      }
    }, deviceKey);
  }
  await context.addInitScript(observeVitals);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: throttling.latencyMs,
    downloadThroughput: (throttling.downloadKbps * 1024) / 8,
    uploadThroughput: (throttling.uploadKbps * 1024) / 8,
  });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });

  /** @type {Map<string, { url: string, type: string, start: number, end: number | null, bytes: number, encoding: string }>} */
  const requests = new Map();
  let origin = null;
  cdp.on('Network.requestWillBeSent', (event) => {
    origin ??= event.timestamp;
    requests.set(event.requestId, {
      url: event.request.url,
      type: event.type ?? 'Other',
      start: event.timestamp,
      end: null,
      bytes: 0,
      encoding: '',
    });
  });
  cdp.on('Network.responseReceived', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      const headers = Object.fromEntries(Object.entries(event.response.headers).map(([k, v]) => [k.toLowerCase(), v]));
      request.encoding = headers['content-encoding'] ?? '';
      request.type = event.type ?? request.type;
    }
  });
  cdp.on('Network.loadingFinished', (event) => {
    const request = requests.get(event.requestId);
    if (request) {
      request.end = event.timestamp;
      request.bytes = event.encodedDataLength;
    }
  });

  await page.goto(`${baseUrl}${path}`, { waitUntil: 'load', timeout: 120_000 });
  await page.waitForLoadState('networkidle', { timeout: 120_000 }).catch(() => {});
  await page.waitForTimeout(settleMs);
  // LCP stops at the first input; reading it after the page settled gives the final candidate.
  const vitals = await page.evaluate(() => ({ ...window.__startupVitals }));
  await context.close();

  const list = [...requests.values()].sort((a, b) => a.start - b.start);
  const rel = (t) => Math.round((t - (origin ?? 0)) * 1000);
  const waterfall = list.map((r) => ({
    url: r.url.replace(baseUrl, ''),
    type: r.type,
    encoding: r.encoding,
    startMs: rel(r.start),
    endMs: r.end === null ? null : rel(r.end),
    bytes: r.bytes,
  }));
  const scripts = waterfall.filter((r) => r.type === 'Script');
  return {
    lcpMs: Math.round(vitals.lcp),
    fcpMs: Math.round(vitals.firstContentfulPaint),
    appMs: Math.round(vitals.appPaint),
    cls: Number(vitals.cls.toFixed(3)),
    jsKiB: Number((scripts.reduce((sum, r) => sum + r.bytes, 0) / 1024).toFixed(1)),
    jsFiles: scripts.length,
    waterfall,
  };
}

/** The waterfall as text lines: start–end ms, bytes, encoding, address. */
export function formatWaterfall(waterfall) {
  return waterfall
    .map(
      (r) =>
        `  ${String(r.startMs).padStart(6)}–${String(r.endMs ?? '…').padStart(6)} ms ${String(r.bytes).padStart(7)} B ${(r.encoding || '-').padEnd(4)} ${r.type.padEnd(10)} ${r.url.slice(0, 90)}`,
    )
    .join('\n');
}

async function main() {
  const baseUrl = (process.argv[2] ?? process.env.E2E_BASE_URL ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
  const runs = Number(process.env.STARTUP_RUNS ?? 3);
  const showWaterfall = process.env.STARTUP_WATERFALL !== '0';
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic'],
  });
  try {
    for (const item of STARTUP_CASES) {
      for (let run = 1; run <= runs; run += 1) {
        const result = await measureStartup(browser, { baseUrl, path: item.path, deviceKey: item.deviceKey });
        console.log(
          `${item.name} #${run}: LCP ${result.lcpMs} ms, FCP ${result.fcpMs} ms, app in #root ${result.appMs} ms, CLS ${result.cls}, JS ${result.jsKiB} KiB as sent in ${result.jsFiles} files`,
        );
        if (showWaterfall && run === 1) {
          console.log(formatWaterfall(result.waterfall));
        }
      }
    }
  } finally {
    await browser.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  await main();
}
