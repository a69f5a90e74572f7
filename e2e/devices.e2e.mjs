// Cellular meters on a phone: a new patient binds the demo glucose meter by typing its IMEI, the
// meter (played here with mqtt.js, as the simulator does) sends one reading over MQTT, and the
// reading appears in the sugar table, opening read-only; the patient then unbinds the meter.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import mqtt from 'mqtt';
import { BASE_URL, launchBrowser, openPhone, shot } from './phone.mjs';
import { assertFitsWidth, registerPatient } from './helpers.mjs';

/** @type {import('playwright-core').Browser} */
let browser;

before(async () => {
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
});

const MQTT_URL = process.env.E2E_MQTT_URL ?? '';
const skip = process.env.E2E_STATIC === '1' || MQTT_URL === '' ? 'needs the API and the device gateway (E2E_MQTT_URL)' : false;

/** The seeded demo glucose meter (unbound in a fresh system; this test unbinds it again at the end). */
const METER = JSON.parse(readFileSync(new URL('../apps/api/src/seed/demoMeters.json', import.meta.url), 'utf8')).find((m) => m.kind === 'glucose');

/** Now as the meter writes it: local China time with its offset. */
function chinaNow() {
  const china = new Date(Date.now() + 8 * 3600_000);
  return `${china.toISOString().slice(0, 19)}+08:00`;
}

/**
 * Sends one reading as a meter does: persistent session, QoS 1 to its readings topic, and resends
 * with the same id until its own acks topic answers `stored` (or `duplicate`).
 * @param {{ id: string; value: number }} reading
 */
async function meterSends(reading) {
  const client = await mqtt.connectAsync(MQTT_URL, { clientId: METER.imei, username: METER.imei, password: METER.secret, clean: false, reconnectPeriod: 500, connectTimeout: 10_000 });
  try {
    const acked = new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no ack from the gateway within 20 s')), 20_000);
      client.on('message', (_topic, payload) => {
        const ack = JSON.parse(payload.toString());
        if (ack.ids.includes(reading.id)) {
          clearTimeout(timer);
          resolve(ack);
        }
      });
    });
    await client.subscribeAsync(`meters/${METER.imei}/acks`, { qos: 1 });
    const payload = JSON.stringify({ id: reading.id, kind: 'glucose', value: reading.value, unit: 'mmol/L', measuredAt: chinaNow(), battery: 77, signal: -68 });
    await client.publishAsync(`meters/${METER.imei}/readings`, payload, { qos: 1 });
    const ack = await acked;
    assert.equal(ack.status, 'stored', `the gateway answered ${JSON.stringify(ack)}`);
  } finally {
    await client.endAsync();
  }
}

describe('a cellular meter on a phone', { skip }, () => {
  it('binds the demo meter by its IMEI, sees its reading read-only in the sugar table, and unbinds it', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      await page.goto(`${BASE_URL}/devices/bindDevices/0`);
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '赵敏' });
      await page.waitForURL((url) => url.pathname === '/devices/bindDevices/0');

      // Outside the messaging app there is no scanner: the IMEI is typed.
      assert.equal(await page.getByRole('button', { name: '扫码绑定' }).count(), 0);
      await page.getByRole('textbox', { name: '设备IMEI号' }).fill(METER.imei);
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('devices-bind') });
      await page.getByRole('button', { name: '绑定', exact: true }).tap();
      await page.waitForURL((url) => url.pathname === '/devices/unbindDevices');
      const card = page.getByRole('article', { name: `设备 ${METER.imei}` });
      await card.waitFor();

      // The meter sends one reading over MQTT; the gateway stores it and acks `stored`.
      const value = 8.8;
      await meterSends({ id: `e2e-${Date.now()}`, value });
      await page.reload();
      await card.getByLabel('电量').filter({ hasText: '77%' }).waitFor();
      assert.equal(await card.getByLabel('信号').innerText(), '-68 dBm');
      assert.notEqual(await card.getByLabel('最近在线').innerText(), '从未上线');
      await page.screenshot({ path: shot('devices-list') });

      // The reading is in today's row of the sugar table, marked as measured by a device.
      await page.goto(`${BASE_URL}/reportCenter/reportCenter`);
      const table = page.getByRole('table', { name: '血糖数据表' });
      await table.locator('td', { hasText: String(value) }).waitFor();
      await page.screenshot({ path: shot('devices-sugar-table') });
      await table.locator('tbody tr').first().tap();
      const day = page.getByRole('dialog', { name: /的血糖记录$/ });
      await day.getByText(String(value)).waitFor();
      assert.equal(await day.getByRole('link', { name: /^编辑/ }).count(), 0, 'a meter reading has no edit link');
      await day.getByRole('link', { name: /设备测量血糖$/ }).tap();

      // Opened from the table it is read-only: the value shows and cannot be changed or saved.
      await page.waitForURL((url) => url.pathname.startsWith('/reportCenter/bloodSugar/addBloodSugarReport/'));
      await page.getByText('设备测量的数据不能修改').waitFor();
      const input = page.getByRole('textbox', { name: '血糖值' });
      assert.equal(await input.inputValue(), String(value));
      assert.equal(await input.isDisabled(), true);
      assert.equal(await page.getByRole('button', { name: '保存' }).count(), 0);
      await page.screenshot({ path: shot('devices-reading-read-only') });

      // Unbinding asks first; afterwards the list is empty.
      await page.goto(`${BASE_URL}/devices/unbindDevices`);
      await card.getByRole('button', { name: '解绑' }).tap();
      await page.getByText(/确定解绑该设备吗/).waitFor();
      await page.getByRole('button', { name: '确定' }).tap();
      await page.getByText('尚未绑定任何设备').waitFor();
      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
