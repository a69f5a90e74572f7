// The demo mall's pictures: flat product drawings (600×600), long detail images (750×860) and the
// mall's ad strip (750×240), drawn here as SVG; nothing is copied from elsewhere and the texts are
// ours. Served as image/svg+xml by GET /goods/v1/goodsImage/{name}.svg (docs/adr/0177-demo-mall-seed-and-its-pictures.md).

const FONT = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

interface ProductLook {
  background: [string, string];
  ink: string;
  /** The caption under the drawing. */
  caption: string;
  /** The drawing in a 360×320 box placed at (120, 70). */
  drawing: string;
}

const PRODUCTS = {
  meter: {
    background: ['#e7f1fb', '#c8def5'],
    ink: '#123e6b',
    caption: '4G 血糖仪 · 测完自动上传',
    drawing: `<rect x="100" y="10" width="160" height="290" rx="36" fill="#fff" stroke="#3b6ea5" stroke-width="10"/>
      <rect x="124" y="44" width="112" height="92" rx="12" fill="#dce9f7"/>
      <text x="180" y="106" text-anchor="middle" font-family="Arial, sans-serif" font-size="44" font-weight="700" fill="#123e6b">5.8</text>
      <circle cx="180" cy="206" r="34" fill="#3b6ea5"/><rect x="160" y="290" width="40" height="26" rx="6" fill="#9bb8d8"/>
      <path d="M290 70 a44 44 0 0 1 0 70 M314 48 a76 76 0 0 1 0 114" stroke="#3b6ea5" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
  strips: {
    background: ['#e6f5f7', '#c3e6ec'],
    ink: '#0f4c56',
    caption: '血糖试纸 · 50 条装',
    drawing: `<rect x="70" y="40" width="220" height="260" rx="20" fill="#fff" stroke="#3a9aa8" stroke-width="10"/>
      <rect x="70" y="40" width="220" height="70" rx="20" fill="#3a9aa8"/><rect x="70" y="90" width="220" height="20" fill="#3a9aa8"/>
      <text x="180" y="88" text-anchor="middle" font-family="Arial, sans-serif" font-size="34" font-weight="700" fill="#fff">50</text>
      <rect x="110" y="140" width="24" height="130" rx="6" fill="#f2c66d"/><rect x="150" y="140" width="24" height="130" rx="6" fill="#f2c66d"/>
      <rect x="190" y="140" width="24" height="130" rx="6" fill="#f2c66d"/><rect x="230" y="140" width="24" height="130" rx="6" fill="#f2c66d"/>`,
  },
  lancets: {
    background: ['#fdf2e9', '#f8dcc4'],
    ink: '#6b3410',
    caption: '一次性采血针 · 100 支',
    drawing: `<g fill="#fff" stroke="#d9823b" stroke-width="8">
      <rect x="60" y="60" width="60" height="200" rx="24"/><rect x="150" y="40" width="60" height="220" rx="24"/><rect x="240" y="70" width="60" height="190" rx="24"/></g>
      <g stroke="#8a5a34" stroke-width="6" stroke-linecap="round"><path d="M90 260 v40"/><path d="M180 260 v44"/><path d="M270 260 v36"/></g>`,
  },
  bpmonitor: {
    background: ['#eef0fb', '#d3d8f5'],
    ink: '#262f73',
    caption: '上臂式电子血压计',
    drawing: `<rect x="30" y="90" width="200" height="170" rx="26" fill="#fff" stroke="#5662b8" stroke-width="10"/>
      <rect x="56" y="116" width="148" height="76" rx="10" fill="#e3e6f8"/>
      <text x="130" y="168" text-anchor="middle" font-family="Arial, sans-serif" font-size="38" font-weight="700" fill="#262f73">120/80</text>
      <circle cx="130" cy="226" r="18" fill="#5662b8"/>
      <path d="M230 170 C290 170 300 110 330 110" stroke="#5662b8" stroke-width="10" fill="none"/>
      <rect x="300" y="60" width="50" height="110" rx="16" fill="#9aa3e0"/>`,
  },
  service: {
    background: ['#e8f6ef', '#c9ecd9'],
    ink: '#17532f',
    caption: '控糖服务包 · 12 个月',
    drawing: `<path d="M180 20 L300 66 V160 C300 236 246 282 180 306 C114 282 60 236 60 160 V66 Z" fill="#fff" stroke="#2f9e5b" stroke-width="10"/>
      <path d="M122 164 l40 40 l80 -86" stroke="#2f9e5b" stroke-width="22" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  dataplan: {
    background: ['#fff4e0', '#ffe0a8'],
    ink: '#6b3d00',
    caption: '血糖仪流量包 · 12 个月',
    drawing: `<rect x="110" y="40" width="140" height="240" rx="22" fill="#fff" stroke="#c98a1c" stroke-width="10"/>
      <path d="M150 40 h60 l40 40" stroke="#c98a1c" stroke-width="10" fill="none"/>
      <rect x="140" y="120" width="80" height="100" rx="10" fill="#f0b24a"/>
      <g stroke="#6b3d00" stroke-width="6"><path d="M160 120 v100"/><path d="M200 120 v100"/><path d="M140 170 h80"/></g>
      <path d="M290 100 a50 50 0 0 1 0 80 M318 76 a86 86 0 0 1 0 128" stroke="#c98a1c" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
  socks: {
    background: ['#fdeeee', '#f7d3d3'],
    ink: '#7a1f2b',
    caption: '糖尿病护足袜 · 2 双装',
    drawing: `<path d="M170 10 h80 v170 c0 20 10 30 40 40 l40 14 c30 10 34 60 -6 64 h-120 c-30 0 -34 -30 -34 -60 Z" fill="#f7d3d3" stroke="#e8899a" stroke-width="10"/>
      <path d="M70 30 h80 v170 c0 20 10 30 40 40 l40 14 c30 10 34 60 -6 64 h-120 c-30 0 -34 -30 -34 -60 Z" fill="#fff" stroke="#c4566a" stroke-width="10"/>
      <path d="M70 66 h80 M70 90 h80" stroke="#e8899a" stroke-width="8"/>`,
  },
  snack: {
    background: ['#f6f1e7', '#eadcc2'],
    ink: '#5a4318',
    caption: '无蔗糖燕麦饼干',
    drawing: `<circle cx="140" cy="150" r="96" fill="#d9b26f" stroke="#a87c32" stroke-width="8"/>
      <circle cx="240" cy="200" r="80" fill="#e5c48a" stroke="#a87c32" stroke-width="8"/>
      <g fill="#8a6426"><circle cx="110" cy="120" r="8"/><circle cx="160" cy="170" r="8"/><circle cx="130" cy="200" r="7"/><circle cx="250" cy="180" r="7"/><circle cx="220" cy="220" r="8"/></g>`,
  },
  cookbook: {
    background: ['#eaf4ea', '#cfe6cf'],
    ink: '#234d23',
    caption: '控糖家常菜谱 · 纸质版',
    drawing: `<rect x="70" y="30" width="220" height="270" rx="14" fill="#fff" stroke="#4d8f4d" stroke-width="10"/>
      <rect x="70" y="30" width="36" height="270" fill="#4d8f4d"/>
      <circle cx="200" cy="140" r="56" fill="#f6f6f6" stroke="#9cc79c" stroke-width="8"/>
      <path d="M200 140 L200 84 A56 56 0 0 1 256 140 Z" fill="#7cc68f"/><path d="M200 140 L256 140 A56 56 0 0 1 200 196 Z" fill="#f2c66d"/>
      <path d="M140 236 h120 M140 262 h90" stroke="#9cc79c" stroke-width="10" stroke-linecap="round"/>`,
  },
  scale: {
    background: ['#eef6fb', '#cfe4f2'],
    ink: '#17415c',
    caption: '智能体脂秤',
    drawing: `<rect x="40" y="70" width="280" height="220" rx="40" fill="#fff" stroke="#3e87b3" stroke-width="10"/>
      <rect x="120" y="100" width="120" height="56" rx="10" fill="#dcebf5"/>
      <text x="180" y="140" text-anchor="middle" font-family="Arial, sans-serif" font-size="32" font-weight="700" fill="#17415c">62.5</text>
      <g fill="#3e87b3"><rect x="80" y="200" width="60" height="18" rx="9"/><rect x="220" y="200" width="60" height="18" rx="9"/></g>`,
  },
} satisfies Record<string, ProductLook>;

/** The product drawings by name. */
export type GoodsProductImage = keyof typeof PRODUCTS;

/** The long detail images: a title and the lines of what the goods item offers. */
const DETAILS = {
  meterinfo: {
    title: '4G 血糖仪：测完即传',
    lines: [
      '插卡即用，无需手机蓝牙配对',
      '读数自动进入血糖记录，亲友同步可见',
      '大字屏幕，老人看得清',
      '可在“我的设备”查看流量有效期并续费',
    ],
  },
  stripsinfo: {
    title: '血糖试纸使用须知',
    lines: ['与糖护血糖仪配套使用', '开瓶后请在 3 个月内用完', '存放于阴凉干燥处，避免阳光直射', '采血前请洗手并擦干'],
  },
  serviceinfo: {
    title: '控糖服务包包含什么',
    lines: [
      '每周一份血糖周报与控糖建议',
      '异常读数及时提醒本人和亲友',
      '健康顾问在线答疑',
      '购买后立即生效，有效期 12 个月',
    ],
  },
  planinfo: {
    title: '流量包续费说明',
    lines: ['为已绑定的 4G 血糖仪续费', '每次续费延长 12 个月', '到期前续费从原到期日顺延', '续费后读数上传不中断'],
  },
} as const;
export type GoodsDetailImage = keyof typeof DETAILS;

/** Where a drawn picture is served (an absolute path: the app shows it without the image domain). */
export function goodsImageUrl(name: GoodsProductImage | GoodsDetailImage | 'mallad'): string {
  return `/api/goods/v1/goodsImage/${name}.svg`;
}

function productSvg(look: ProductLook): string {
  const [from, to] = look.background;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="600" viewBox="0 0 600 600">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="600" height="600" fill="url(#bg)"/>
  <g transform="translate(120 70)">${look.drawing}</g>
  <text x="300" y="520" text-anchor="middle" font-family="${FONT}" font-size="36" font-weight="700" fill="${look.ink}">${look.caption}</text>
</svg>`;
}

function detailSvg(detail: { title: string; lines: readonly string[] }): string {
  const rows = detail.lines
    .map(
      (line, i) =>
        `<circle cx="80" cy="${262 + i * 150}" r="12" fill="#2f9e5b"/><text x="116" y="${272 + i * 150}" font-family="${FONT}" font-size="30" fill="#222">${line}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="860" viewBox="0 0 750 860">
  <rect width="750" height="860" fill="#ffffff"/>
  <rect width="750" height="160" fill="#e8f6ef"/>
  <text x="375" y="104" text-anchor="middle" font-family="${FONT}" font-size="46" font-weight="700" fill="#17532f">${detail.title}</text>
  ${rows}
</svg>`;
}

const MALL_AD = `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="240" viewBox="0 0 750 240">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fff4e0"/><stop offset="1" stop-color="#ffe0a8"/></linearGradient></defs>
  <rect width="750" height="240" fill="url(#bg)"/>
  <text x="44" y="108" font-family="${FONT}" font-size="46" font-weight="700" fill="#6b3d00">每天测一测，积分兑好礼</text>
  <text x="44" y="168" font-family="${FONT}" font-size="30" fill="#6b3d00">记录血糖赚积分，去积分任务看看</text>
</svg>`;

/** A drawn picture by name, or null for an unknown name. */
export function goodsImageSvg(name: string): string | null {
  if (name === 'mallad') {
    return MALL_AD;
  }
  if (Object.hasOwn(PRODUCTS, name)) {
    return productSvg(PRODUCTS[name as GoodsProductImage]);
  }
  if (Object.hasOwn(DETAILS, name)) {
    return detailSvg(DETAILS[name as GoodsDetailImage]);
  }
  return null;
}
