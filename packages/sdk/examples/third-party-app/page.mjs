// The example app's one page, as HTML strings. Everything shown that came from outside (the API's
// answers, the query string) goes through escapeHtml.

/** @param {unknown} value */
export function escapeHtml(value) {
  return String(value).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char,
  );
}

const STYLE = `
  body { margin: 0; font: 16px/1.6 system-ui, "PingFang SC", "Noto Sans CJK SC", sans-serif; color: #1f2329; background: #f5f7fa; }
  main { max-width: 640px; margin: 0 auto; padding: 24px 16px; }
  h1 { font-size: 22px; margin: 0 0 4px; }
  .sub { color: #4e5969; margin: 0 0 24px; }
  .card { background: #fff; border-radius: 12px; padding: 16px; margin-bottom: 16px; }
  .button { display: inline-block; min-height: 44px; padding: 10px 20px; border: 0; border-radius: 8px;
    background: #0a6cff; color: #fff; font-size: 17px; text-decoration: none; box-sizing: border-box; }
  .button.plain { background: #e8eef9; color: #0b3d91; }
  .notice { border-left: 4px solid #c9302c; background: #fdecea; color: #7a1712; }
  .ok { border-left: 4px solid #1f8a3b; }
  h2 { font-size: 18px; margin: 0 0 8px; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 8px 4px; border-bottom: 1px solid #e5e6eb; }
  th { color: #4e5969; font-weight: 500; }
`;

/**
 * @param {{ title: string, body: string }} parts
 */
export function layout({ title, body }) {
  return `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width, initial-scale=1" />
<link rel="icon" href="data:," />
<title>${escapeHtml(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>示例健康助手</h1>
<p class="sub">一个接入糖护开放平台的示例应用（第三方）</p>
${body}
</main>
</body>
</html>`;
}

/** Not connected yet: one button that starts the consent flow. @param {string | null} message */
export function connectPage(message) {
  const notice =
    message === null ? '' : `<section class="card notice" role="alert"><p>${escapeHtml(message)}</p></section>`;
  return layout({
    title: '示例健康助手',
    body: `${notice}
<section class="card">
  <p>连接您的糖护账号后，本应用可以读取您在糖护记录的测量数据。授权在糖护中完成，您可以随时在糖护的「设置 → 授权管理」中取消。</p>
  <a class="button" href="/connect">连接糖护</a>
</section>`,
  });
}

/** How each kind of reading reads on the page. */
const KINDS = {
  glucose: { label: '血糖', value: (r) => `${r.glucose.mmolL} mmol/L` },
  pressure: {
    label: '血压',
    value: (r) => `${r.pressure.systolic}/${r.pressure.diastolic} mmHg，心率 ${r.pressure.heartRate} 次/分`,
  },
  ketone: { label: '血酮', value: (r) => `${r.ketone.mmolL} mmol/L` },
  uricAcid: { label: '尿酸', value: (r) => `${r.uricAcid.umolL} μmol/L` },
  weight: { label: '体重', value: (r) => `${r.weight.kg} kg` },
};

/** `2026-03-01T08:30:00+08:00` → `2026-03-01 08:30` (the API answers China time). @param {string} iso */
function shortTime(iso) {
  return iso.slice(0, 16).replace('T', ' ');
}

/**
 * Connected: the patient's latest readings of each kind asked for, as the open API answered them
 * (`GET /open/v1/readings`, one page per kind).
 * @param {{ kind: keyof typeof KINDS, total: number, items: any[] }[]} lists
 */
export function readingsPage(lists) {
  const sections = lists
    .map(({ kind, total, items }) => {
      const { label, value } = KINDS[kind];
      const rows = items
        .map(
          (reading) =>
            `<tr><td>${escapeHtml(shortTime(reading.measuredAt))}</td><td>${escapeHtml(value(reading))}</td></tr>`,
        )
        .join('\n');
      return `<section class="card" aria-labelledby="title-${kind}">
  <h2 id="title-${kind}">${label}（共 <span data-testid="total-${kind}">${escapeHtml(total)}</span> 条）</h2>
  <table aria-label="${label}记录">
    <thead><tr><th>测量时间</th><th>数值</th></tr></thead>
    <tbody>
${rows === '' ? '<tr><td colspan="2">还没有记录</td></tr>' : rows}
    </tbody>
  </table>
</section>`;
    })
    .join('\n');
  return layout({
    title: '我的测量记录 - 示例健康助手',
    body: `<section class="card ok">
  <p>已连接糖护。以下是您最近的测量记录，每次打开本页时从糖护读取。</p>
  <a class="button plain" href="/">刷新</a>
</section>
${sections}`,
  });
}

/**
 * The API refused the app's call: shown with its HTTP status and the API's own message, and a way to
 * connect again.
 * @param {{ status: number, code: number | string, errMsg: string }} refusal
 */
export function refusedPage(refusal) {
  return layout({
    title: '授权已失效 - 示例健康助手',
    body: `<section class="card notice" role="alert">
  <p>糖护拒绝了本应用的请求：HTTP <strong data-testid="status">${escapeHtml(refusal.status)}</strong>（${escapeHtml(refusal.code)}）</p>
  <p>${escapeHtml(refusal.errMsg)}</p>
</section>
<section class="card">
  <p>如果您已在糖护中取消了授权，本应用就不能再读取您的数据。需要时可以重新连接。</p>
  <a class="button" href="/connect">重新连接糖护</a>
</section>`,
  });
}
