/* global window */
// Reports on a phone: the seeded demo patient (opened with ?deviceKey=) picks last month in the
// report list and opens the month's sugar report; its total and five quality counts must equal
// counts this test works out itself from the raw readings the API lists for each day, classified
// with the patient's sugar thresholds. Then a week report, a current-month entry that only says
// 即将生成, and a new user whose single reading makes a week too thin for a report.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, freshPhone, outboxCode } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;
const DEMO_PATIENT_KEY = 'demo-patient-0000000001';
const DAY_MS = 86_400_000;

/** A China calendar date `YYYY-MM-DD` `daysAgo` days before today. @param {number} daysAgo */
function chinaDate(daysAgo = 0) {
  return new Date(Date.now() + 8 * 3600e3 - daysAgo * DAY_MS).toISOString().slice(0, 10);
}

/** The dates from `first` to `last` inclusive. @param {string} first @param {string} last */
function datesBetween(first, last) {
  const dates = [];
  for (let t = Date.parse(`${first}T00:00:00Z`); t <= Date.parse(`${last}T00:00:00Z`); t += DAY_MS) {
    dates.push(new Date(t).toISOString().slice(0, 10));
  }
  return dates;
}

/**
 * Calls the API with a session token and returns `data`.
 * @param {string} token @param {string} path @param {{ method?: string, body?: unknown }} [options]
 */
async function call(token, path, options = {}) {
  const response = await fetch(`${BASE_URL}/api${path}`, {
    method: options.method ?? 'GET',
    headers: {
      Authorization: `Bearer ${token}`,
      'X-Source-Id': '4',
      ...(options.body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const envelope = await response.json();
  assert.equal(envelope.code, 0, `${path} answered ${JSON.stringify(envelope)}`);
  return envelope.data;
}

/** The token the app keeps for its session. @param {import('playwright-core').Page} page */
async function appToken(page) {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token);
  assert.equal(typeof token, 'string', 'the app holds a session token');
  return token;
}

/**
 * The five quality counts of the given days, worked out here from the raw readings: each reading
 * against its own slot's thresholds from the user's sugar dictionary (above maxValue severe high,
 * above highValue high, below minValue severe low, below lowValue low, else normal).
 * @param {string} token @param {string[]} dates
 */
async function countsFromReadings(token, dates) {
  /** @type {{ timeType: number, minValue: number, lowValue: number, highValue: number, maxValue: number }[]} */
  const slots = await call(token, '/customer/v1/querySugarDic');
  const counts = { total: 0, seriousHigh: 0, high: 0, normal: 0, low: 0, seriousLow: 0 };
  for (const date of dates) {
    /** @type {{ sugar: number, timeType: number }[]} */
    const readings = await call(token, `/sugarTest/v1/queryDayData?dateTime=${date}`);
    for (const { sugar, timeType } of readings) {
      const slot = slots.find((s) => s.timeType === timeType);
      assert.ok(slot, `slot ${timeType} has thresholds`);
      counts.total += 1;
      if (sugar > slot.maxValue) {
        counts.seriousHigh += 1;
      } else if (sugar > slot.highValue) {
        counts.high += 1;
      } else if (sugar < slot.minValue) {
        counts.seriousLow += 1;
      } else if (sugar < slot.lowValue) {
        counts.low += 1;
      } else {
        counts.normal += 1;
      }
    }
  }
  return counts;
}

/** The counts the report page shows in 测量质量. @param {import('playwright-core').Page} page */
async function shownCounts(page) {
  const quality = page.getByRole('region', { name: '测量质量' });
  const value = async (label) => Number(await quality.getByLabel(label, { exact: true }).innerText());
  return {
    total: await value('总次数'),
    seriousHigh: await value('严重偏高'),
    high: await value('偏高'),
    normal: await value('正常'),
    low: await value('偏低'),
    seriousLow: await value('严重偏低'),
  };
}

/**
 * Picks a month in the report list's month picker by tapping the wheels' items.
 * @param {import('playwright-core').Page} page @param {{ year: number, month: number }} ym
 */
async function pickMonth(page, ym) {
  await page.getByRole('button', { name: /^选择月份/ }).tap();
  const item = (text) => page.locator('.adm-picker-view-column-item', { has: page.getByText(text, { exact: true }) });
  await item(`${ym.year}年`).tap();
  await page.locator('.adm-picker-view-column-item-active', { hasText: `${ym.year}年` }).waitFor();
  await item(`${ym.month}月`).tap();
  await page.locator('.adm-picker-view-column-item-active', { hasText: `${ym.month}月` }).waitFor();
  // The picker view hands the wheel's choice to the picker after a debounce.
  await page.waitForTimeout(200);
  await page.getByText('确定', { exact: true }).tap();
  await page.getByRole('button', { name: `选择月份，当前${ym.year}年${ym.month}月` }).waitFor();
  // The sheet slides away; until then its mask would take the next tap.
  await page.locator('.adm-picker').waitFor({ state: 'hidden' });
  await page.locator('.adm-mask').first().waitFor({ state: 'hidden' });
}

const today = chinaDate();
const current = { year: Number(today.slice(0, 4)), month: Number(today.slice(5, 7)) };
const last =
  current.month === 1 ? { year: current.year - 1, month: 12 } : { year: current.year, month: current.month - 1 };
const pad = (n) => String(n).padStart(2, '0');

describe('reports on a phone', { skip: skipStatic }, () => {
  it("opens last month's reports as the demo patient, with counts that match the raw readings", async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      // The demo link signs the browser in as the seeded patient and leaves the address clean.
      await page.goto(`${BASE_URL}/?deviceKey=${DEMO_PATIENT_KEY}`);
      await page.getByRole('heading', { name: '糖护医疗' }).waitFor();
      await page.waitForFunction(
        () => JSON.parse(localStorage.getItem('glucoguard.session') ?? '{}').token !== undefined,
      );
      assert.equal(new URL(page.url()).search, '');
      assert.equal(await page.evaluate(() => localStorage.getItem('glucoguard.deviceKey')), DEMO_PATIENT_KEY);
      const token = await appToken(page);
      assert.equal((await call(token, '/login/v1/getCurrent')).customerVo.nickname, '张建国');

      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      await page.getByRole('tab', { name: '报告' }).tap();
      await page.getByRole('button', { name: `选择月份，当前${current.year}年${current.month}月` }).waitFor();
      await pickMonth(page, last);
      const monthEntry = page.getByRole('region', { name: `${last.month}月月报` });
      await monthEntry.waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('reports-list-last-month') });

      // The month: the list's count, then the report's counts, against our own classification.
      const monthDates = datesBetween(
        `${last.year}-${pad(last.month)}-01`,
        `${last.year}-${pad(last.month)}-${pad(new Date(Date.UTC(last.year, last.month, 0)).getUTCDate())}`,
      );
      const expectedMonth = await countsFromReadings(token, monthDates);
      assert.ok(expectedMonth.total >= 15, `the demo month holds ${expectedMonth.total} readings`);
      // Medication on two days of the month (twice on the 3rd): the report marks those days (ADR 0161).
      const [metformin] = (await call(token, '/customer/v1/queryMedicine?keyWord=二甲双胍')).items;
      for (const day of ['03 08:00', '03 20:00', '12 08:00']) {
        await call(token, '/customer/v1/addMedicineRecord', {
          method: 'POST',
          body: {
            medicineId: metformin.medicineId,
            recordTime: `${last.year}-${pad(last.month)}-${day}`,
            dosage: '1',
            usaged: '1',
            rate: '2',
          },
        });
      }
      await monthEntry.getByRole('button', { name: `血糖月报，${expectedMonth.total}次测量` }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/bloodSugarReportDetail');
      await page.getByRole('heading', { name: `${last.year}年${last.month}月血糖月报` }).waitFor();
      assert.deepEqual(await shownCounts(page), expectedMonth);
      await page.getByRole('table', { name: '报告血糖数据表' }).waitFor();
      await page.getByRole('region', { name: '时段分布' }).getByRole('img').waitFor();
      await page.getByRole('region', { name: '临床指标' }).getByLabel('平均血糖', { exact: true }).waitFor();
      await page.getByRole('region', { name: '免责声明' }).waitFor();
      const medication = page.getByRole('region', { name: '用药情况' });
      assert.match(await medication.innerText(), new RegExp(`有用药记录 2 天，未记录 ${monthDates.length - 2} 天`));
      assert.equal(
        await medication.getByRole('cell', { name: new RegExp(`^${last.month}月3日：已用药2次`) }).count(),
        1,
      );
      await medication.scrollIntoViewIfNeeded();
      await medication.screenshot({ path: shot('reports-sugar-month-medication') });
      // 长辈模式's larger text still fits the week grid.
      await page.evaluate(() => {
        window.document.documentElement.dataset.elder = 'on';
      });
      await assertFitsWidth(page);
      await medication.screenshot({ path: shot('reports-sugar-month-medication-elder') });
      await page.evaluate(() => {
        delete window.document.documentElement.dataset.elder;
      });
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('reports-sugar-month') });
      await page.screenshot({ path: shot('reports-sugar-month-full'), fullPage: true });

      // Back in the list (the picked month is kept), a week report.
      await page.goBack();
      await page.getByRole('button', { name: `选择月份，当前${last.year}年${last.month}月` }).waitFor();
      await page
        .getByRole('region', { name: '第2周周报' })
        .getByRole('button', { name: /^血糖周报/ })
        .tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/bloodSugarReportDetail');
      const params = new URL(page.url()).searchParams;
      const [startDate, endDate] = [params.get('startDate') ?? '', params.get('endDate') ?? ''];
      assert.equal(new Date(`${startDate}T00:00:00Z`).getUTCDay(), 1, 'a week starts on a Monday');
      assert.equal(
        Date.parse(`${endDate}T00:00:00Z`) - Date.parse(`${startDate}T00:00:00Z`),
        6 * DAY_MS,
        'and ends on the Sunday',
      );
      await page.getByRole('heading', { name: `${last.year}年${last.month}月第2周血糖周报` }).waitFor();
      assert.deepEqual(await shownCounts(page), await countsFromReadings(token, datesBetween(startDate, endDate)));
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('reports-sugar-week') });

      // The month's pressure report.
      await page.goBack();
      const pressure = page
        .getByRole('region', { name: `${last.month}月月报` })
        .getByRole('button', { name: /^血压月报/ });
      const pressureCount = Number(/(\d+)次测量/.exec((await pressure.getAttribute('aria-label')) ?? '')?.[1]);
      await pressure.tap();
      await page.getByRole('heading', { name: `${last.year}年${last.month}月血压月报` }).waitFor();
      assert.equal(
        Number(await page.getByRole('region', { name: '测量质量' }).getByLabel('总次数', { exact: true }).innerText()),
        pressureCount,
      );
      await page.getByRole('region', { name: '家庭血压' }).getByLabel('早晨平均', { exact: true }).waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('reports-pressure-month') });

      // The current month: 即将生成, and tapping does not open it.
      await page.goBack();
      await pickMonth(page, current);
      const currentMonth = page.getByRole('region', { name: `${current.month}月月报` });
      await currentMonth.getByText('即将生成').waitFor();
      // aria-disabled: Playwright would wait for it to be enabled, a finger just taps.
      await currentMonth.getByRole('button', { name: /^血糖月报.*即将生成$/ }).tap({ force: true });
      await page.getByText('报告尚未生成，敬请期待').waitFor();
      assert.equal(new URL(page.url()).pathname, '/reportCenter/reportCenter');
      await page.screenshot({ path: shot('reports-current-month') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });

  it('sends a week with a single reading to the no-report page', async () => {
    // A new user, registered through the API, with one reading in the last week that has ended.
    const deviceKey = `e2e-reports-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
    const signIn = await (
      await fetch(`${BASE_URL}/api/wechat/v1/getHtmlAccessToken?code=${deviceKey}&sourceId=4`)
    ).json();
    assert.equal(signIn.code, 0, JSON.stringify(signIn));
    const { token } = signIn.data;
    const phone = freshPhone('135');
    await call(token, '/shortMsg/v1/getCode', { method: 'POST', body: { phone } });
    await call(token, '/register/v1/bind', {
      method: 'POST',
      body: { nickname: '王五', phone, validCode: await outboxCode(phone) },
    });
    // Seven days ago lies in the latest week that has ended (this week's Sunday is today or later).
    const day = chinaDate(7);
    await call(token, '/sugarTest/v1/add', { method: 'POST', body: { sugar: 6.4, createTime: `${day} 07:30` } });
    const monday = new Date(
      Date.parse(`${day}T00:00:00Z`) - ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) * DAY_MS,
    );
    const sunday = new Date(monday.getTime() + 6 * DAY_MS);
    const thursday = new Date(monday.getTime() + 3 * DAY_MS);
    const weekMonth = { year: thursday.getUTCFullYear(), month: thursday.getUTCMonth() + 1 };
    const shortDate = (d) => d.toISOString().slice(5, 10);

    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/reportCenter/reportCenter?deviceKey=${deviceKey}`);
      await page.getByRole('tab', { name: '报告' }).tap();
      assert.equal(new URL(page.url()).search, '');
      await page.getByRole('button', { name: /^选择月份/ }).waitFor();
      if (weekMonth.month !== current.month || weekMonth.year !== current.year) {
        await pickMonth(page, weekMonth);
      }
      const week = page
        .getByRole('region', { name: /^第\d周周报$/ })
        .filter({ hasText: `${shortDate(monday)} 至 ${shortDate(sunday)}` });
      await week.getByRole('button', { name: '血糖周报，1次测量' }).tap();
      await page.waitForURL((url) => url.pathname === '/reportCenter/bloodSugar/noBloodSugarReport');
      const query = new URL(page.url()).searchParams;
      assert.equal(query.get('count'), '4');
      assert.equal(query.get('reportType'), '1');
      await page.getByRole('heading', { name: query.get('name') ?? '' }).waitFor();
      await page.getByText('本期测量次数少于4次，暂时无法生成报告。').waitFor();
      await page.getByText('请坚持测量空腹和餐后血糖并记录，测量次数足够后即可生成血糖报告。').waitFor();
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('reports-no-report') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
