/* global HTMLImageElement */
// Uploaded medical reports on a phone: a new patient uploads a report photo through the file
// chooser, sees its preview in the 血糖 gallery, opens the photo full-screen and deletes it.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import { crc32, deflateSync } from 'node:zlib';
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

const skipStatic = process.env.E2E_STATIC === '1' ? 'needs the API (not with --static)' : false;

/** A PNG chunk: length, type, data, CRC-32 over type and data. */
function pngChunk(type, data) {
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/**
 * An RGB PNG of random noise: noise does not deflate, so 800×600 is about 1.4 MB — over the
 * 1 MB threshold, so the app recompresses it (quality 0.6) and makes a 480 px preview.
 */
function noisePng(width, height) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, no interlace
  const rows = [];
  for (let y = 0; y < height; y += 1) {
    rows.push(Buffer.from([0]), randomBytes(width * 3));
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(Buffer.concat(rows))),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('uploaded medical reports on a phone', { skip: skipStatic }, () => {
  it('uploads a PNG, sees its preview in its gallery, opens it full-screen and deletes it', async () => {
    const { context, page, problems } = await openPhone(browser);
    try {
      // Reached from mine's menu; a visitor registers first and comes back to it.
      await page.goto(`${BASE_URL}/?tab=mine`);
      await page.getByRole('list', { name: '更多服务' }).getByRole('link', { name: '检查报告' }).tap();
      await page.waitForURL((url) => url.pathname === '/register/register');
      await registerPatient(page, { name: '王五' });
      await page.waitForURL((url) => url.pathname === '/examiningReport/uploadExaminingReport');
      await page.getByRole('heading', { name: '检查报告', level: 1 }).waitFor();
      const sugar = page.getByRole('region', { name: /^血糖/ });
      await sugar.getByText('暂无报告').waitFor();
      assert.equal(await sugar.getByLabel('血糖报告数量').innerText(), '0/50');

      // The help text states the enforced limit.
      await page.getByRole('button', { name: '上传说明' }).tap();
      await page.getByText('4. 每种类型最多保存50张报告。').waitFor();
      await page.getByRole('button', { name: '我知道了' }).tap();
      await page.getByText('4. 每种类型最多保存50张报告。').waitFor({ state: 'hidden' });

      // Choose the photo, then its type and name.
      const photo = noisePng(800, 600);
      assert.ok(photo.length > 1025 * 1024, `the photo is ${photo.length} bytes`);
      const [chooser] = await Promise.all([
        page.waitForEvent('filechooser'),
        page.getByRole('button', { name: '上传报告' }).tap(),
      ]);
      await chooser.setFiles({ name: 'report.png', mimeType: 'image/png', buffer: photo });
      await page.getByRole('option', { name: '血糖' }).tap();
      const nameDialog = page.getByRole('dialog', { name: '填写报告名称' });
      await nameDialog.getByRole('textbox', { name: '报告名称' }).fill('一二三四五六七八九');
      await nameDialog.getByRole('button', { name: '确定' }).tap();
      await page.getByText('报告名称不能多余8个字符').waitFor();
      await nameDialog.getByRole('textbox', { name: '报告名称' }).fill('空腹血糖');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('medical-reports-name') });
      await nameDialog.getByRole('button', { name: '确定' }).tap();
      await page.getByText('上传成功').waitFor();

      // The gallery shows the preview: a JPEG 480 px wide, made in the browser.
      const tile = sugar.getByRole('img', { name: '空腹血糖' });
      await tile.waitFor();
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await tile.elementHandle(),
      );
      assert.equal(await tile.evaluate((img) => img.naturalWidth), 480);
      // Report photos are private: the address is signed for the owner and expires
      // (docs/adr/0063-medical-report-uploads-private-photos.md).
      assert.match(
        (await tile.getAttribute('src')) ?? '',
        /^\/api\/files\/uploads\/274\/\d{4}\/\d{2}\/\d{2}\/[0-9a-f]{32}\.jpg\?exp=\d+&cid=[0-9a-f-]{36}&sig=[\w-]{43}$/,
      );
      assert.equal(await sugar.getByLabel('血糖报告数量').innerText(), '1/50');
      await assertFitsWidth(page);
      await page.screenshot({ path: shot('medical-reports-gallery') });

      // Full-screen: the whole photo (recompressed as JPEG at its own size), with its name.
      await sugar.getByRole('button', { name: '查看空腹血糖' }).tap();
      const viewer = page.getByRole('dialog', { name: '空腹血糖' });
      const full = viewer.getByRole('img', { name: '空腹血糖' });
      await page.waitForFunction(
        (img) => img instanceof HTMLImageElement && img.complete && img.naturalWidth > 0,
        await full.elementHandle(),
      );
      assert.equal(await full.evaluate((img) => img.naturalWidth), 800);
      const fullSrc = (await full.getAttribute('src')) ?? '';
      assert.notEqual(fullSrc, await tile.getAttribute('src'));
      await page.screenshot({ path: shot('medical-reports-viewer') });

      // Delete after confirming.
      await viewer.getByRole('button', { name: '删除' }).tap();
      await page.getByText('确定删除这张报告吗？').waitFor();
      await page.getByRole('button', { name: '确定' }).tap();
      await page.getByText('删除成功').waitFor();
      await viewer.waitFor({ state: 'detached' });
      await sugar.getByText('暂无报告').waitFor();
      assert.equal(await sugar.getByLabel('血糖报告数量').innerText(), '0/50');
      // Its address opens nothing any more (the files themselves are removed: medical-report.test.ts).
      assert.equal((await fetch(`${BASE_URL}${fullSrc}`)).status, 403);
      await page.screenshot({ path: shot('medical-reports-deleted') });

      assert.deepEqual(problems, []);
    } finally {
      await context.close();
    }
  });
});
