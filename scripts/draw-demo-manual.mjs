// Draws the demo product manual the after-sales seed points at: a four-page manual of the 糖护 G1
// 4G blood glucose meter, written here in our own words, printed to PDF by Chromium and each page
// also photographed as a JPEG (the manual's page images). Writes apps/api/assets/after-sales/
// g1-manual.pdf and g1-manual-1.jpg … g1-manual-4.jpg; run it again after changing the text:
//   node scripts/draw-demo-manual.mjs
// Uses playwright-core with the system's Chromium (/usr/bin/chromium or CHROMIUM_PATH); downloads nothing.
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const OUT = resolve(dirname(fileURLToPath(import.meta.url)), '../apps/api/assets/after-sales');
const NAME = 'g1-manual';

const PAGES = [
  `<div class="cover">
     <p class="brand">糖护科技</p>
     <h1>G1 4G 血糖仪<br/>使用说明书</h1>
     <svg width="180" height="260" viewBox="0 0 180 260"><rect x="20" y="10" width="140" height="240" rx="34" fill="#fff" stroke="#3b6ea5" stroke-width="8"/>
       <rect x="42" y="40" width="96" height="80" rx="10" fill="#dce9f7"/><text x="90" y="94" text-anchor="middle" font-size="38" font-weight="700" fill="#123e6b">5.8</text>
       <circle cx="90" cy="180" r="28" fill="#3b6ea5"/></svg>
     <p class="sub">测完自动上传 · 家人同步查看</p>
     <p class="note">使用前请仔细阅读本说明书，并妥善保管。</p>
   </div>`,
  `<h2>一、产品简介</h2>
   <p>G1 4G 血糖仪用于测量毛细血管全血中的葡萄糖浓度，适合糖尿病患者在家中自我监测，不能用于糖尿病的诊断。</p>
   <p>血糖仪内置 4G 通信模块，每次测量完成后，结果会自动上传到“糖护”服务号，您和关注您的家人都可以在手机上查看。</p>
   <h2>二、部件名称</h2>
   <table><tr><th>部件</th><th>说明</th></tr>
     <tr><td>显示屏</td><td>显示测量结果、时间和信号状态</td></tr>
     <tr><td>试纸插口</td><td>插入试纸后自动开机</td></tr>
     <tr><td>电源键</td><td>长按 3 秒开机或关机</td></tr>
     <tr><td>机身条码</td><td>印有设备编号（IMEI），登记保修时扫描此码</td></tr></table>
   <h2>三、规格参数</h2>
   <ul><li>测量范围：1.1–33.3 mmol/L</li><li>测量时间：约 5 秒</li><li>样本量：约 0.6 微升</li><li>电池：锂电池，充满电约可测量 300 次</li></ul>`,
  `<h2>四、测量步骤</h2>
   <ol>
     <li>用温水和肥皂洗手并擦干，手指完全干燥后再采血。</li>
     <li>取出一条试纸，立即盖紧试纸瓶盖；将试纸电极端插入试纸插口，血糖仪自动开机。</li>
     <li>屏幕出现滴血图标后，用采血笔在指尖侧面采血，轻轻挤出一滴血。</li>
     <li>将血滴靠近试纸吸血口，试纸会自动吸入血样，听到提示音后移开手指。</li>
     <li>约 5 秒后屏幕显示结果，并自动上传。上传成功时屏幕右上角显示对勾。</li>
     <li>拔出试纸，连同采血针一起丢弃到专用的废弃物容器中。</li>
   </ol>
   <div class="tip">提示：请在空腹、餐后 2 小时、睡前等固定时间测量，便于医生了解您的血糖变化。</div>`,
  `<h2>五、保养与存放</h2>
   <p>请在 10–40℃、干燥的环境中使用和存放，避免阳光直射和潮湿。试纸开瓶后请在 3 个月内用完。机身脏了可用微湿的软布擦拭，不要用酒精浸泡。</p>
   <h2>六、常见问题</h2>
   <table><tr><th>现象</th><th>处理方法</th></tr>
     <tr><td>显示 E-1</td><td>试纸已使用过或受潮，请换一条新试纸</td></tr>
     <tr><td>显示 E-3</td><td>血量不足，请重新采血测量</td></tr>
     <tr><td>结果未上传</td><td>请到信号较好的地方，开机后等待 1 分钟自动补传</td></tr></table>
   <h2>七、保修说明</h2>
   <p>本产品自购买签收之日起保修 12 个月。签收 30 天内出现非人为性能故障，可免费更换同型号新机。请保存好购买凭证，手写收据无效。</p>
   <p>服务热线：400-826-0303（每天 7:00–00:30）</p>`,
];

const STYLE = `
  @page { size: 148mm 210mm; margin: 0; }
  * { box-sizing: border-box; }
  body { margin: 0; font-family: 'Noto Sans CJK SC', 'Noto Serif CJK SC', sans-serif; color: #1f2933; }
  .page { width: 148mm; height: 210mm; padding: 14mm 12mm; page-break-after: always; position: relative; overflow: hidden; }
  .page:last-child { page-break-after: auto; }
  .page::after { content: attr(data-n); position: absolute; bottom: 8mm; left: 0; right: 0; text-align: center; font-size: 10pt; color: #667; }
  h1 { font-size: 24pt; line-height: 1.4; margin: 6mm 0; color: #123e6b; }
  h2 { font-size: 14pt; color: #123e6b; border-left: 4px solid #3b6ea5; padding-left: 8px; margin: 5mm 0 3mm; }
  p, li, td, th { font-size: 11pt; line-height: 1.7; }
  ol, ul { padding-left: 6mm; margin: 0; }
  table { width: 100%; border-collapse: collapse; margin: 2mm 0; }
  th, td { border: 1px solid #b8c7d9; padding: 4px 6px; text-align: left; vertical-align: top; }
  th { background: #e7f1fb; }
  .cover { text-align: center; padding-top: 10mm; }
  .brand { font-size: 14pt; color: #3b6ea5; letter-spacing: 4px; }
  .sub { font-size: 13pt; color: #123e6b; }
  .note { margin-top: 18mm; font-size: 10pt; color: #556; }
  .tip { margin-top: 5mm; padding: 8px 10px; background: #fff4e0; border-radius: 6px; font-size: 11pt; line-height: 1.7; }
`;

const html = `<!doctype html><html lang="zh-CN"><head><meta charset="utf-8"><style>${STYLE}</style></head><body>${PAGES.map(
  (body, i) => `<section class="page" data-n="${i === 0 ? '' : `— ${i + 1} —`}">${body}</section>`,
).join('')}</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  // 148 mm × 210 mm at 96 px per inch, photographed at 1.5× (about 840 × 1190 pixels a page).
  const page = await browser.newPage({ viewport: { width: 560, height: 794 }, deviceScaleFactor: 1.5 });
  await page.setContent(html, { waitUntil: 'load' });
  await mkdir(OUT, { recursive: true });
  await writeFile(resolve(OUT, `${NAME}.pdf`), await page.pdf({ preferCSSPageSize: true, printBackground: true }));
  const sections = await page.locator('section.page').all();
  for (const [i, section] of sections.entries()) {
    await section.screenshot({ path: resolve(OUT, `${NAME}-${i + 1}.jpg`), type: 'jpeg', quality: 80 });
  }
  console.log(`Wrote ${NAME}.pdf and ${sections.length} page images to ${OUT}`);
} finally {
  await browser.close();
}
