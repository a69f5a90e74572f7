// The seeded after-sales catalogue's pictures, drawn here as SVG (nothing copied from elsewhere; the
// texts are ours): product drawings for the types and models (300×300), guide icons (120×120), the
// service centre's banners (750×300), guarantee icons (120×120) and the platforms' credential
// certificates (600×800). Served as image/svg+xml by GET /product/v1/productImage/{name}.svg.

const FONT = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";

/** The product drawings in a 300×300 box, keyed by what they show. */
const DEVICES = {
  meter: `<rect x="95" y="40" width="110" height="210" rx="28" fill="#fff" stroke="COLOR" stroke-width="8"/>
    <rect x="113" y="64" width="74" height="64" rx="10" fill="#dce9f7"/>
    <text x="150" y="108" text-anchor="middle" font-family="Arial, sans-serif" font-size="30" font-weight="700" fill="#123e6b">5.8</text>
    <circle cx="150" cy="180" r="24" fill="COLOR"/><rect x="136" y="244" width="28" height="22" rx="5" fill="#9bb8d8"/>`,
  bpm: `<rect x="40" y="90" width="150" height="130" rx="22" fill="#fff" stroke="COLOR" stroke-width="8"/>
    <rect x="60" y="110" width="110" height="56" rx="8" fill="#e3e6f8"/>
    <text x="115" y="148" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" font-weight="700" fill="#262f73">120/80</text>
    <circle cx="115" cy="192" r="14" fill="COLOR"/>
    <path d="M190 150 C240 150 240 100 262 100" stroke="COLOR" stroke-width="8" fill="none"/>
    <rect x="238" y="60" width="40" height="90" rx="14" fill="#b7bde9"/>`,
  scale: `<rect x="50" y="70" width="200" height="180" rx="30" fill="#fff" stroke="COLOR" stroke-width="8"/>
    <rect x="105" y="96" width="90" height="44" rx="8" fill="#e4f3ea"/>
    <text x="150" y="128" text-anchor="middle" font-family="Arial, sans-serif" font-size="26" font-weight="700" fill="#17532f">62.5</text>
    <rect x="80" y="170" width="50" height="56" rx="12" fill="#d8efe1"/><rect x="170" y="170" width="50" height="56" rx="12" fill="#d8efe1"/>`,
} as const;
type Device = keyof typeof DEVICES;

interface ProductLook {
  device: Device;
  background: [string, string];
  color: string;
  /** The model's name on the picture (empty for a product type's icon). */
  label: string;
}

const PRODUCTS: Record<string, ProductLook> = {
  meter: { device: 'meter', background: ['#e7f1fb', '#c8def5'], color: '#3b6ea5', label: '' },
  bpm: { device: 'bpm', background: ['#eef0fb', '#d3d8f5'], color: '#5662b8', label: '' },
  scale: { device: 'scale', background: ['#e8f6ef', '#c9ecd9'], color: '#2f9e5b', label: '' },
  meterone: { device: 'meter', background: ['#e7f1fb', '#c8def5'], color: '#3b6ea5', label: 'G1 4G' },
  metertwo: { device: 'meter', background: ['#e6f5f7', '#c3e6ec'], color: '#2a8795', label: 'G2 蓝牙' },
  bpmone: { device: 'bpm', background: ['#eef0fb', '#d3d8f5'], color: '#5662b8', label: 'B1 上臂式' },
  bpmtwo: { device: 'bpm', background: ['#f4edfb', '#e2d3f5'], color: '#7a4fb0', label: 'B2 4G' },
  scaleone: { device: 'scale', background: ['#e8f6ef', '#c9ecd9'], color: '#2f9e5b', label: 'W1 体重秤' },
  scaletwo: { device: 'scale', background: ['#fdf2e9', '#f8dcc4'], color: '#c2692a', label: 'F1 体脂秤' },
};

function productSvg(look: ProductLook): string {
  const label = look.label
    ? `<rect x="0" y="262" width="300" height="38" fill="#ffffffcc"/><text x="150" y="288" text-anchor="middle" font-family="${FONT}" font-size="20" font-weight="700" fill="#1f2933">${look.label}</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="300" viewBox="0 0 300 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${look.background[0]}"/><stop offset="1" stop-color="${look.background[1]}"/></linearGradient></defs>
  <rect width="300" height="300" rx="24" fill="url(#g)"/>
  <g transform="translate(0 ${look.label ? -12 : 0})">${DEVICES[look.device].replaceAll('COLOR', look.color)}</g>${label}
</svg>`;
}

/** Round icons (120×120): guides (usage, fault) and guarantee items. */
const ICONS: Record<string, { color: string; drawing: string }> = {
  usage: {
    color: '#2f6fb0',
    drawing: `<path d="M30 36 h26 a8 8 0 0 1 8 8 v44 a6 6 0 0 0 -6 -6 h-28 Z M90 36 h-26 a8 8 0 0 0 -8 8 v44 a6 6 0 0 1 6 -6 h28 Z" fill="#fff"/>`,
  },
  fault: {
    color: '#c2692a',
    drawing: `<path d="M60 28 L94 88 H26 Z" fill="#fff"/><rect x="56" y="48" width="8" height="22" rx="4" fill="#c2692a"/><circle cx="60" cy="78" r="5" fill="#c2692a"/>`,
  },
  genuine: {
    color: '#2f9e5b',
    drawing: `<path d="M60 24 L90 36 V60 C90 80 76 92 60 98 C44 92 30 80 30 60 V36 Z" fill="#fff"/><path d="M46 60 l10 10 l20 -22" stroke="#2f9e5b" stroke-width="8" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  returns: {
    color: '#2a8795',
    drawing: `<path d="M38 62 a24 24 0 1 0 8 -18" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round"/><path d="M34 30 v20 h20" stroke="#fff" stroke-width="9" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  nationwide: {
    color: '#5662b8',
    drawing: `<circle cx="60" cy="60" r="30" fill="none" stroke="#fff" stroke-width="7"/><path d="M30 60 h60 M60 30 c-16 18 -16 42 0 60 M60 30 c16 18 16 42 0 60" stroke="#fff" stroke-width="6" fill="none"/>`,
  },
};

function iconSvg(icon: { color: string; drawing: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="120" height="120" viewBox="0 0 120 120">
  <circle cx="60" cy="60" r="60" fill="${icon.color}"/>${icon.drawing}
</svg>`;
}

/** The service centre's banners (750×300): headline, a line under it and a device on the right. */
const BANNERS: Record<
  string,
  { background: [string, string]; ink: string; headline: string; line: string; device: Device; color: string }
> = {
  warranty: {
    background: ['#e7f1fb', '#c8def5'],
    ink: '#123e6b',
    headline: '扫码登记，保修无忧',
    line: '扫一扫机身条码，30秒完成保修登记',
    device: 'meter',
    color: '#3b6ea5',
  },
  repair: {
    background: ['#fdf2e9', '#f8dcc4'],
    ink: '#6b3410',
    headline: '在线报修，进度随时查',
    line: '拍照上传故障，客服尽快联系您',
    device: 'bpm',
    color: '#c2692a',
  },
  guide: {
    background: ['#e8f6ef', '#c9ecd9'],
    ink: '#17532f',
    headline: '使用指南，一看就会',
    line: '图文说明书，常见问题一查便知',
    device: 'scale',
    color: '#2f9e5b',
  },
};

function bannerSvg(b: (typeof BANNERS)[string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${b.background[0]}"/><stop offset="1" stop-color="${b.background[1]}"/></linearGradient></defs>
  <rect width="750" height="300" fill="url(#g)"/>
  <text x="48" y="130" font-family="${FONT}" font-size="42" font-weight="700" fill="${b.ink}">${b.headline}</text>
  <text x="48" y="190" font-family="${FONT}" font-size="26" fill="${b.ink}">${b.line}</text>
  <g transform="translate(470 0)">${DEVICES[b.device].replaceAll('COLOR', b.color)}</g>
</svg>`;
}

/** The credential certificates (600×800) of the guarantee platforms' items. */
const CREDENTIALS: Record<string, { platform: string; color: string }> = {
  jd: { platform: '京东', color: '#c0392b' },
  tmall: { platform: '天猫', color: '#b0133a' },
  pdd: { platform: '拼多多', color: '#d9481c' },
};

function credentialSvg(c: { platform: string; color: string }): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="600" height="800" viewBox="0 0 600 800">
  <rect width="600" height="800" fill="#fffdf6"/>
  <rect x="24" y="24" width="552" height="752" fill="none" stroke="${c.color}" stroke-width="6"/>
  <rect x="40" y="40" width="520" height="720" fill="none" stroke="${c.color}" stroke-width="2"/>
  <text x="300" y="150" text-anchor="middle" font-family="${FONT}" font-size="48" font-weight="700" fill="${c.color}">授权证书</text>
  <text x="300" y="250" text-anchor="middle" font-family="${FONT}" font-size="26" fill="#333">兹授权</text>
  <text x="300" y="310" text-anchor="middle" font-family="${FONT}" font-size="30" font-weight="700" fill="#222">糖护${c.platform}官方旗舰店</text>
  <text x="300" y="380" text-anchor="middle" font-family="${FONT}" font-size="24" fill="#333">为糖护系列血糖仪、血压计、体重秤</text>
  <text x="300" y="420" text-anchor="middle" font-family="${FONT}" font-size="24" fill="#333">在${c.platform}平台的授权销售与售后服务网点</text>
  <text x="300" y="470" text-anchor="middle" font-family="${FONT}" font-size="22" fill="#555">正品保障 · 全国联保 · 售后无忧</text>
  <circle cx="430" cy="620" r="80" fill="none" stroke="${c.color}" stroke-width="6"/>
  <text x="430" y="615" text-anchor="middle" font-family="${FONT}" font-size="22" font-weight="700" fill="${c.color}">糖护科技</text>
  <text x="430" y="645" text-anchor="middle" font-family="${FONT}" font-size="18" fill="${c.color}">授权专用章</text>
  <text x="90" y="700" font-family="${FONT}" font-size="20" fill="#555">有效期：以平台店铺公示为准</text>
</svg>`;
}

/** The address the seed stores for a picture. */
export const catalogueImageUrl = (name: string) => `/api/product/v1/productImage/${name}.svg`;

/** The SVG of a picture by name, or null. */
export function catalogueImageSvg(name: string): string | null {
  if (Object.hasOwn(PRODUCTS, name)) {
    return productSvg(PRODUCTS[name]!);
  }
  if (Object.hasOwn(ICONS, name)) {
    return iconSvg(ICONS[name]!);
  }
  const banner = /^banner([a-z]+)$/.exec(name)?.[1];
  if (banner && Object.hasOwn(BANNERS, banner)) {
    return bannerSvg(BANNERS[banner]!);
  }
  const cred = /^cred([a-z]+)$/.exec(name)?.[1];
  if (cred && Object.hasOwn(CREDENTIALS, cred)) {
    return credentialSvg(CREDENTIALS[cred]!);
  }
  return null;
}
