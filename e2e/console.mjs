/* global document */
// Shared set-up of the staff console's end-to-end tests: a desktop browser context (1280×800) and
// signing in to /console with a username and password (docs/adr/0120-console-app.md).
import { BASE_URL, FILE_NUMBER } from './phone.mjs';

export const CONSOLE_URL = `${BASE_URL}/console`;

/** The console's demo accounts (apps/api/src/seed/demoStaff.json), one per role. */
export const DEMO_STAFF = {
  doctor: { username: 'demo.doctor', password: 'Doctor#2026' },
  pharmacist: { username: 'demo.pharmacist', password: 'Pharmacist#2026' },
  operator: { username: 'demo.operator', password: 'Operator#2026' },
  admin: { username: 'demo.admin', password: 'Admin#2026' },
};

export const DESKTOP = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 1,
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
};

let desktopsOpened = 0;

/**
 * A new desktop page recording page errors and console errors. Each context comes from an address
 * of its own (the API trusts X-Forwarded-For from loopback in e2e runs), so the per-address limit
 * on console sign-in counts each test's staff member apart.
 * @param {import('playwright-core').Browser} browser
 */
export async function openDesktop(browser) {
  desktopsOpened += 1;
  const context = await browser.newContext({
    ...DESKTOP,
    extraHTTPHeaders: {
      'X-Forwarded-For': `198.20.${FILE_NUMBER}.${(desktopsOpened % 250) + 1}`,
    },
  });
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  /** @type {string[]} */
  const problems = [];
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console error: ${message.text()}`);
    }
  });
  return { context, page, problems };
}

/**
 * Signs in on the console's sign-in page and waits for the shell (or, with a one-time password, the
 * forced password change).
 * @param {import('playwright-core').Page} page @param {{ username: string, password: string }} account
 * @param {string} [consoleUrl] another API process's console (the chat's two-process run)
 */
export async function signInToConsole(page, { username, password }, consoleUrl = CONSOLE_URL) {
  await page.goto(`${consoleUrl}/`);
  await page.waitForURL((url) => url.pathname === '/console/signIn');
  const form = page.getByRole('form', { name: '登录' });
  await form.getByLabel('用户名').fill(username);
  await form.getByLabel('密码').fill(password);
  await form.getByRole('button', { name: '登录' }).click();
  await page.waitForURL((url) => url.pathname !== '/console/signIn');
}

/**
 * Waits until no finite CSS animation or transition runs (antd's dialog zoom, a table's loading fade),
 * so a screenshot shows the settled screen. An endless one (a status dot's pulse) never settles and is
 * not waited for. On a time-out the error names what was still running.
 * @param {import('playwright-core').Page} page
 */
export async function settled(page) {
  try {
    await page.waitForFunction(() =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity,
        ),
    );
  } catch (error) {
    const names = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map(
          (animation) =>
            `${animation.animationName ?? animation.transitionProperty ?? 'animation'} on ${
              animation.effect?.target?.className ?? '?'
            }`,
        ),
    );
    throw new Error(`animations still running: ${names.join('; ')}`, { cause: error });
  }
}

/**
 * Chooses the option `option` of an antd select whose combobox is `combobox`, as a user does: opens the
 * select unless it is open, lets its dropdown finish sliding in, and clicks the option. On a loaded
 * machine a click that came while the dropdown still moved was lost (the dropdown stayed open, nothing
 * chosen), so the option is clicked again until the select closes with it chosen, at most three times.
 * @param {import('playwright-core').Page} page
 * @param {import('playwright-core').Locator} combobox
 * @param {string | RegExp} option
 */
export async function chooseOption(page, combobox, option) {
  const item = page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first();
  for (let tries = 1; ; tries += 1) {
    if ((await combobox.getAttribute('aria-expanded')) !== 'true') {
      await combobox.click();
    }
    await item.waitFor();
    await settled(page);
    await item.click();
    const closed = await page
      .waitForFunction((element) => element?.getAttribute('aria-expanded') !== 'true', await combobox.elementHandle(), {
        timeout: 3000,
      })
      .then(
        () => true,
        () => false,
      );
    if (closed || tries === 3) {
      return;
    }
  }
}
