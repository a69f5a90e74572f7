/* global window */
// Trend charts on a 3× phone: the demo patient's sugar chart in every range and the pressure chart
// draw at the device pixel ratio, label their time axis in one unit per range, fit the value axis
// to the readings, show the target band / the 140/90 lines in the legend, and the pressure chart
// says which dates are on screen and that it can be dragged (ADRs 0108, 0109).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** Each canvas of the chart: its backing size against its CSS size × devicePixelRatio. */
async function canvasSizes(chart) {
  return chart.evaluate((element) =>
    [...element.querySelectorAll('canvas')].map((canvas) => {
      const rect = canvas.getBoundingClientRect();
      return {
        width: canvas.width,
        height: canvas.height,
        expectedWidth: Math.round(rect.width * window.devicePixelRatio),
        expectedHeight: Math.round(rect.height * window.devicePixelRatio),
      };
    }),
  );
}

async function assertSharp(chart, what) {
  // The library sizes its canvases a frame after it lays them out.
  await chart
    .page()
    .waitForFunction(
      (element) =>
        [...element.querySelectorAll('canvas')].every(
          (canvas) => Math.abs(canvas.width - canvas.getBoundingClientRect().width * window.devicePixelRatio) <= 1,
        ),
      await chart.elementHandle(),
      { timeout: 5000 },
    )
    .catch(() => undefined);
  const sizes = await canvasSizes(chart);
  assert.ok(sizes.length >= 3, `${what}: the chart has its canvases`);
  for (const size of sizes) {
    assert.ok(Math.abs(size.width - size.expectedWidth) <= 1, `${what}: ${JSON.stringify(size)}`);
    assert.ok(Math.abs(size.height - size.expectedHeight) <= 1, `${what}: ${JSON.stringify(size)}`);
  }
}

/** The time axis's labels as last drawn (TrendChart keeps them in data-time-labels). */
async function timeLabels(chart) {
  await chart
    .page()
    .waitForFunction((element) => (element.dataset.timeLabels ?? '') !== '', await chart.elementHandle());
  await chart.page().waitForTimeout(300);
  return ((await chart.getAttribute('data-time-labels')) ?? '').split(' ');
}

/** The right half of a chart at the device's pixels, to look at the sharpness of lines and labels. */
async function zoomShot(chart, name) {
  const box = await chart.boundingBox();
  assert.ok(box);
  const clip = { x: box.x + box.width / 2, y: box.y, width: box.width / 2, height: box.height };
  await chart.page().screenshot({ path: shot(name), clip });
}

describe('trend charts on a 3× phone', { skip: skipStatic }, () => {
  it('draws the demo patient’s sugar and pressure charts sharp, with sane axes, the band, the lines and the drag hint', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      // The device key signs this fresh browser in as the demo patient, straight on the report centre.
      await page.goto(`${BASE_URL}/reportCenter/reportCenter?deviceKey=demo-patient-0000000001`);
      await page.getByRole('tab', { name: '血糖' }).tap();
      await page.getByText('趋势', { exact: true }).tap();

      const sugar = page.getByRole('img', { name: '血糖趋势图' });
      const expected = {
        '1周': /^(\d{1,2}日|\d{1,2}月|\d{4}年)$/,
        '1个月': /^(\d{1,2}日|\d{1,2}月|\d{4}年)$/,
        '3个月': /^(\d{1,2}月|\d{4}年)$/,
        '6个月': /^(\d{1,2}月|\d{4}年)$/,
        '1年': /^(\d{1,2}月|\d{4}年)$/,
      };
      for (const [range, pattern] of Object.entries(expected)) {
        await page.getByRole('group', { name: '时间范围' }).getByText(range, { exact: true }).tap();
        await page.getByText(`近${range}共`).waitFor();
        await sugar.waitFor();
        await assertSharp(sugar, `sugar ${range}`);
        const labels = await timeLabels(sugar);
        assert.ok(labels.length >= 3, `sugar ${range}: ${labels.join(' ')}`);
        for (const [index, label] of labels.entries()) {
          assert.match(label, pattern, `sugar ${range}: ${labels.join(' ')}`);
          assert.notEqual(label, labels[index - 1], `sugar ${range}: ${labels.join(' ')}`);
        }
        if (range === '6个月') {
          // Months in calendar order, at least four of the six.
          const months = labels.filter((label) => label.endsWith('月')).map((label) => Number.parseInt(label, 10));
          assert.ok(months.length >= 4, labels.join(' '));
          for (let i = 1; i < months.length; i += 1) {
            assert.equal((months[i - 1] % 12) + 1, months[i], labels.join(' '));
          }
        }
        await page.getByText(/^目标范围 \d+\.\d–\d+\.\d/).waitFor();
        await page.screenshot({ path: shot(`charts-sugar-${range}`) });
        await zoomShot(sugar, `charts-sugar-${range}-zoom`);
      }
      // The value axis is fitted: never the whole 0–33.3 of the meter.
      assert.ok(Number(await sugar.getAttribute('data-value-max')) < 20);

      // After meals: three readings a day on the year's hourly grid, the after-meal target.
      await page.getByRole('group', { name: '测量时段' }).getByText('餐后', { exact: true }).tap();
      await page.getByText(/^目标范围 4\.4–10\.0/).waitFor();
      await assertSharp(sugar, 'sugar after meals');
      for (const label of await timeLabels(sugar)) {
        assert.match(label, /^(\d{1,2}月|\d{4}年)$/);
      }
      await page.screenshot({ path: shot('charts-sugar-after-meals') });

      // Ketone and uric acid: the latest 30 days, labelled in days.
      for (const [tab, name] of [
        ['血酮', '血酮趋势图'],
        ['尿酸', '尿酸趋势图'],
      ]) {
        await page.getByRole('tab', { name: tab }).tap();
        const lab = page.getByRole('img', { name });
        await lab.waitFor();
        await assertSharp(lab, name);
        const labels = await timeLabels(lab);
        for (const [index, label] of labels.entries()) {
          assert.match(label, /^(\d{1,2}日|\d{1,2}月|\d{4}年)$/, `${name}: ${labels.join(' ')}`);
          assert.notEqual(label, labels[index - 1], `${name}: ${labels.join(' ')}`);
        }
        await page.screenshot({ path: shot(`charts-${tab}`) });
      }

      await page.getByRole('tab', { name: '血压' }).tap();
      const pressure = page.getByRole('img', { name: '血压趋势图' });
      await pressure.waitFor();
      await assertSharp(pressure, 'pressure');
      await page.getByText('虚线：高血压界值 140/90').waitFor();
      const labels = await timeLabels(pressure);
      for (const [index, label] of labels.entries()) {
        assert.match(label, /^(\d{1,2}日|\d{1,2}月|\d{4}年)$/, labels.join(' '));
        assert.notEqual(label, labels[index - 1], labels.join(' '));
      }
      assert.notEqual(await pressure.getAttribute('data-value-min'), '0');
      assert.ok(Number(await pressure.getAttribute('data-value-max')) < 250);
      const count = await page.getByText(/^近365天共 \d+ 次测量/).innerText();
      assert.ok(Number(/共 (\d+) 次/.exec(count)?.[1]) > 6, count);
      const span = page.getByText(/^图中为 /);
      const before = await span.innerText();
      assert.match(before, /向右拖动查看更早$/);
      await page.screenshot({ path: shot('charts-pressure') });
      await zoomShot(pressure, 'charts-pressure-zoom');

      // Dragging right shows earlier readings, and the caption names them.
      const box = await pressure.boundingBox();
      assert.ok(box);
      await page.mouse.move(box.x + 60, box.y + box.height / 2);
      await page.mouse.down();
      await page.mouse.move(box.x + 200, box.y + box.height / 2, { steps: 8 });
      await page.mouse.up();
      await page.waitForFunction((text) => !window.document.body.innerText.includes(text), before);
      await page.screenshot({ path: shot('charts-pressure-dragged') });
      // 长辈模式: the axis labels follow the text tokens (the chart is drawn again when the tab opens).
      await page.evaluate(() => {
        window.document.documentElement.dataset.elder = 'on';
      });
      await page.getByRole('tab', { name: '血糖' }).tap();
      await sugar.waitFor();
      await assertSharp(sugar, 'sugar in 长辈模式');
      await page.screenshot({ path: shot('charts-sugar-elder') });
      await page.evaluate(() => {
        delete window.document.documentElement.dataset.elder;
      });

      // Weight: an SVG chart (sharp at any ratio), seven records at a time, with its drag hint.
      await page.goto(`${BASE_URL}/weightDetails`);
      await page.getByRole('img', { name: '体重趋势图' }).waitFor();
      await page.getByText('左右拖动图表，查看其他记录').waitFor();
      await page.screenshot({ path: shot('charts-weight') });
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
