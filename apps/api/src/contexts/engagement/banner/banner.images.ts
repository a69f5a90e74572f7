// The seeded banners' pictures: flat 750×300 illustrations drawn here as SVG, each a headline, a
// line under it and one simple drawing on a soft gradient. Nothing is copied from elsewhere; the
// texts are ours. Served as image/svg+xml by GET /activity/v1/bannerImage/{name}.

export const BANNER_IMAGE_NAMES = ['checkin', 'measure', 'family', 'device', 'report', 'plate'] as const;
export type BannerImageName = (typeof BANNER_IMAGE_NAMES)[number];

interface BannerLook {
  /** Gradient from left to right. */
  background: [string, string];
  /** Headline and line colour (dark on the light background: at least 4.5:1). */
  ink: string;
  headline: string;
  line: string;
  /** The drawing on the right, in a 260×260 box placed at x 470. */
  drawing: string;
}

const LOOKS: Record<BannerImageName, BannerLook> = {
  checkin: {
    background: ['#fff4e0', '#ffe0a8'],
    ink: '#6b3d00',
    headline: '每天签到领积分',
    line: '连续签到，积分越攒越多',
    drawing: `<rect x="20" y="40" width="220" height="190" rx="22" fill="#fff" stroke="#f0b24a" stroke-width="8"/>
      <rect x="20" y="40" width="220" height="54" rx="22" fill="#f0b24a"/><rect x="20" y="70" width="220" height="24" fill="#f0b24a"/>
      <rect x="62" y="20" width="16" height="44" rx="8" fill="#b8741a"/><rect x="182" y="20" width="16" height="44" rx="8" fill="#b8741a"/>
      <path d="M80 160 l34 34 l66 -72" stroke="#2f9e5b" stroke-width="20" fill="none" stroke-linecap="round" stroke-linejoin="round"/>`,
  },
  measure: {
    background: ['#e6f5f7', '#c3e6ec'],
    ink: '#0f4c56',
    headline: '测一测，记下来',
    line: '每次测量都记录，趋势一目了然',
    drawing: `<rect x="50" y="20" width="150" height="230" rx="30" fill="#fff" stroke="#3a9aa8" stroke-width="8"/>
      <rect x="72" y="48" width="106" height="84" rx="12" fill="#dff1f4"/>
      <text x="125" y="106" text-anchor="middle" font-family="Arial, sans-serif" font-size="42" font-weight="700" fill="#0f4c56">6.1</text>
      <circle cx="125" cy="190" r="26" fill="#3a9aa8"/>
      <path d="M228 70 C228 70 200 110 200 130 a28 28 0 0 0 56 0 C256 110 228 70 228 70 Z" fill="#e55a6b"/>`,
  },
  family: {
    background: ['#fdeeee', '#f7d3d3'],
    ink: '#7a1f2b',
    headline: '家人一起关注健康',
    line: '亲友看得到记录，异常及时提醒',
    drawing: `<circle cx="90" cy="86" r="40" fill="#c4566a"/><path d="M30 236 c0 -70 120 -70 120 0 Z" fill="#c4566a"/>
      <circle cx="184" cy="106" r="32" fill="#e8899a"/><path d="M136 236 c0 -58 96 -58 96 0 Z" fill="#e8899a"/>
      <path d="M140 30 c-10 -16 -36 -10 -36 8 c0 18 36 36 36 36 c0 0 36 -18 36 -36 c0 -18 -26 -24 -36 -8 Z" fill="#e55a6b"/>`,
  },
  device: {
    background: ['#e7f1fb', '#c8def5'],
    ink: '#123e6b',
    headline: '血糖仪数据自动上传',
    line: '测完即传，不用再手动记录',
    drawing: `<rect x="40" y="40" width="140" height="210" rx="28" fill="#fff" stroke="#3b6ea5" stroke-width="8"/>
      <rect x="60" y="66" width="100" height="78" rx="10" fill="#dce9f7"/>
      <text x="110" y="118" text-anchor="middle" font-family="Arial, sans-serif" font-size="38" font-weight="700" fill="#123e6b">5.8</text>
      <path d="M200 70 a40 40 0 0 1 0 60 M222 50 a70 70 0 0 1 0 100" stroke="#3b6ea5" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  },
  report: {
    background: ['#eef0fb', '#d3d8f5'],
    ink: '#262f73',
    headline: '周报月报，看清变化',
    line: '血糖、血压报告随时查看',
    drawing: `<rect x="30" y="30" width="210" height="210" rx="20" fill="#fff" stroke="#5662b8" stroke-width="8"/>
      <rect x="66" y="150" width="28" height="60" rx="6" fill="#9aa3e0"/><rect x="118" y="110" width="28" height="100" rx="6" fill="#5662b8"/>
      <rect x="170" y="80" width="28" height="130" rx="6" fill="#2f3a8f"/>
      <path d="M62 120 L120 84 L172 60 L206 50" stroke="#e55a6b" stroke-width="8" fill="none" stroke-linecap="round"/>`,
  },
  plate: {
    background: ['#e8f6ef', '#c9ecd9'],
    ink: '#17532f',
    headline: '控糖吃饭有窍门',
    line: '学会“餐盘法”，一餐吃得均衡',
    drawing: `<circle cx="130" cy="135" r="110" fill="#fff" stroke="#b8d8c4" stroke-width="8"/>
      <path d="M130 135 L130 33 A102 102 0 0 1 130 237 Z" fill="#7cc68f"/>
      <path d="M130 135 L130 237 A102 102 0 0 1 28 135 Z" fill="#f2c66d"/>
      <path d="M130 135 L28 135 A102 102 0 0 1 130 33 Z" fill="#e88e6f"/>`,
  },
};

export function isBannerImageName(name: string): name is BannerImageName {
  return (BANNER_IMAGE_NAMES as readonly string[]).includes(name);
}

/** Where a seeded banner's picture is served. */
export function bannerImageUrl(name: BannerImageName): string {
  return `/api/activity/v1/bannerImage/${name}.svg`;
}

/** A seeded banner's picture as an SVG document. */
export function bannerImageSvg(name: BannerImageName): string {
  const look = LOOKS[name];
  const [from, to] = look.background;
  const font = "'PingFang SC', 'Noto Sans CJK SC', 'Microsoft YaHei', sans-serif";
  return `<svg xmlns="http://www.w3.org/2000/svg" width="750" height="300" viewBox="0 0 750 300">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="750" height="300" fill="url(#bg)"/>
  <text x="44" y="128" font-family="${font}" font-size="46" font-weight="700" fill="${look.ink}">${look.headline}</text>
  <text x="44" y="188" font-family="${font}" font-size="30" fill="${look.ink}">${look.line}</text>
  <g transform="translate(470 20)">${look.drawing}</g>
</svg>`;
}
