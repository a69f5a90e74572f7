// The articles' pictures: simple flat illustrations drawn here as SVG, one per theme. Nothing is
// copied from elsewhere; each is a few shapes on a soft background, served as image/svg+xml.

export const ARTICLE_IMAGE_THEMES = [
  'plate',
  'grain',
  'fruit',
  'walk',
  'strength',
  'meter',
  'drop',
  'heart',
  'pills',
  'candy',
  'foot',
  'eye',
  'kidney',
] as const;
export type ArticleImageTheme = (typeof ARTICLE_IMAGE_THEMES)[number];

const BACKGROUND: Record<ArticleImageTheme, [string, string]> = {
  plate: ['#e8f6ef', '#c9ecd9'],
  grain: ['#fbf3e2', '#f3e0b5'],
  fruit: ['#fdeeee', '#f9d3d0'],
  walk: ['#e7f1fb', '#c8def5'],
  strength: ['#eef0fb', '#d3d8f5'],
  meter: ['#e6f5f7', '#c3e6ec'],
  drop: ['#fdecef', '#f7ccd4'],
  heart: ['#fdeeee', '#f5c9c9'],
  pills: ['#f1ecfb', '#dccff5'],
  candy: ['#fff4e0', '#ffe0a8'],
  foot: ['#f3f0ea', '#e2dace'],
  eye: ['#e8f2fb', '#c6dcf3'],
  kidney: ['#f7ece6', '#ecd0c1'],
};

const DRAWINGS: Record<ArticleImageTheme, string> = {
  plate: `<ellipse cx="375" cy="225" rx="150" ry="150" fill="#fff" stroke="#d6e4dc" stroke-width="8"/>
    <path d="M375 225 L375 83 A142 142 0 0 1 375 367 Z" fill="#7cc68f"/>
    <path d="M375 225 L375 367 A142 142 0 0 1 233 225 Z" fill="#f2c66d"/>
    <path d="M375 225 L233 225 A142 142 0 0 1 375 83 Z" fill="#e88e6f"/>
    <rect x="560" y="110" width="14" height="220" rx="7" fill="#b9c4bd"/><rect x="176" y="110" width="14" height="220" rx="7" fill="#b9c4bd"/>
    <path d="M160 110 v60 M176 110 v60 M192 110 v60" stroke="#b9c4bd" stroke-width="6" stroke-linecap="round"/>`,
  grain: `<path d="M250 340 Q375 420 500 340 L480 250 H270 Z" fill="#c98b4f"/>
    <ellipse cx="375" cy="250" rx="110" ry="28" fill="#8a5a2b"/>
    <g fill="#f1d9a7">${[300, 330, 360, 390, 420, 450].map((x, i) => `<ellipse cx="${x}" cy="${244 + (i % 2) * 8}" rx="14" ry="7"/>`).join('')}</g>
    <path d="M560 330 C560 230 600 160 620 110" stroke="#c9a13b" stroke-width="6" fill="none"/>
    <g fill="#e5bb4c">${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${608 - i * 10}" cy="${128 + i * 34}" rx="11" ry="20" transform="rotate(-25 ${608 - i * 10} ${128 + i * 34})"/>`).join('')}</g>`,
  fruit: `<circle cx="320" cy="240" r="90" fill="#e9584f"/><path d="M320 150 q10 -40 40 -50" stroke="#6b4a2b" stroke-width="8" fill="none"/>
    <ellipse cx="370" cy="110" rx="34" ry="16" fill="#6dbb6a" transform="rotate(-20 370 110)"/>
    <circle cx="470" cy="270" r="70" fill="#f5c451"/><circle cx="470" cy="270" r="56" fill="#fbe08d"/>
    <path d="M470 214 v112 M414 270 h112 M430 230 l80 80 M510 230 l-80 80" stroke="#f5c451" stroke-width="4"/>
    <circle cx="290" cy="215" r="18" fill="#fff" opacity="0.35"/>`,
  walk: `<circle cx="360" cy="110" r="32" fill="#3b6ea5"/>
    <path d="M360 145 L345 250 M352 180 L300 225 M352 180 L410 215 M345 250 L300 340 M345 250 L400 335" stroke="#3b6ea5" stroke-width="22" stroke-linecap="round" fill="none"/>
    <path d="M80 360 H670" stroke="#9fbfdf" stroke-width="6" stroke-dasharray="30 20"/>
    <circle cx="600" cy="110" r="40" fill="#ffd36b"/>`,
  strength: `<rect x="220" y="200" width="310" height="22" rx="11" fill="#5662b8"/>
    <rect x="190" y="160" width="34" height="102" rx="10" fill="#2f3a8f"/><rect x="150" y="175" width="34" height="72" rx="10" fill="#2f3a8f"/>
    <rect x="526" y="160" width="34" height="102" rx="10" fill="#2f3a8f"/><rect x="566" y="175" width="34" height="72" rx="10" fill="#2f3a8f"/>
    <path d="M300 320 q75 -60 150 0" stroke="#8d96d9" stroke-width="10" fill="none" stroke-linecap="round"/>`,
  meter: `<rect x="280" y="80" width="190" height="280" rx="36" fill="#2f8f9d"/>
    <rect x="305" y="110" width="140" height="100" rx="14" fill="#e9fbfd"/>
    <text x="375" y="178" text-anchor="middle" font-family="Arial, sans-serif" font-size="52" font-weight="700" fill="#1d5f69">6.1</text>
    <circle cx="335" cy="262" r="18" fill="#bfe8ee"/><circle cx="415" cy="262" r="18" fill="#bfe8ee"/>
    <rect x="350" y="360" width="50" height="40" fill="#f1f1f1" stroke="#c9c9c9" stroke-width="3"/>`,
  drop: `<path d="M375 70 C450 180 480 230 480 280 a105 105 0 0 1 -210 0 C270 230 300 180 375 70 Z" fill="#e0485d"/>
    <path d="M330 270 a45 45 0 0 0 45 45" stroke="#fff" stroke-width="12" fill="none" stroke-linecap="round" opacity="0.6"/>
    <rect x="540" y="150" width="26" height="170" rx="8" fill="#fff" stroke="#e3a9b3" stroke-width="4"/>`,
  heart: `<path d="M375 360 C180 240 200 90 300 90 C340 90 365 115 375 140 C385 115 410 90 450 90 C550 90 570 240 375 360 Z" fill="#e85a5a"/>
    <path d="M230 220 H310 L335 170 L370 270 L400 200 L420 220 H520" stroke="#fff" stroke-width="10" fill="none" stroke-linejoin="round" stroke-linecap="round"/>`,
  pills: `<rect x="200" y="150" width="350" height="140" rx="20" fill="#fff" stroke="#a48fd9" stroke-width="6"/>
    <path d="M288 150 v140 M375 150 v140 M462 150 v140" stroke="#a48fd9" stroke-width="4"/>
    <text x="244" y="138" text-anchor="middle" font-family="sans-serif" font-size="28" fill="#6f58b6">早</text>
    <text x="331" y="138" text-anchor="middle" font-family="sans-serif" font-size="28" fill="#6f58b6">中</text>
    <text x="418" y="138" text-anchor="middle" font-family="sans-serif" font-size="28" fill="#6f58b6">晚</text>
    <text x="506" y="138" text-anchor="middle" font-family="sans-serif" font-size="28" fill="#6f58b6">睡前</text>
    <circle cx="244" cy="220" r="18" fill="#f08a8a"/><rect x="312" y="206" width="40" height="28" rx="14" fill="#7fc0f0"/><circle cx="418" cy="220" r="18" fill="#ffd36b"/>`,
  candy: `<circle cx="375" cy="225" r="85" fill="#ff9f43"/>
    <path d="M290 225 L220 180 L220 270 Z M460 225 L530 180 L530 270 Z" fill="#ffbe76"/>
    <path d="M320 180 q55 45 110 0 M320 270 q55 -45 110 0" stroke="#fff" stroke-width="10" fill="none" opacity="0.7"/>`,
  foot: `<path d="M330 350 C260 350 260 270 290 220 C310 185 300 140 330 125 C370 105 420 130 430 180 C440 240 420 270 410 300 C400 340 380 350 330 350 Z" fill="#f0c7a7"/>
    ${[0, 1, 2, 3, 4].map((i) => `<ellipse cx="${330 + i * 22}" cy="${110 - (i === 0 ? 6 : i * 2)}" rx="${i === 0 ? 17 : 12}" ry="${i === 0 ? 20 : 14}" fill="#f0c7a7"/>`).join('')}
    <circle cx="520" cy="250" r="60" fill="none" stroke="#8a7b66" stroke-width="10"/><path d="M562 292 L620 350" stroke="#8a7b66" stroke-width="14" stroke-linecap="round"/>`,
  eye: `<path d="M170 225 Q375 60 580 225 Q375 390 170 225 Z" fill="#fff" stroke="#3b6ea5" stroke-width="8"/>
    <circle cx="375" cy="225" r="80" fill="#4f8fd0"/><circle cx="375" cy="225" r="38" fill="#1f3f66"/><circle cx="352" cy="200" r="14" fill="#fff"/>`,
  kidney: `<path d="M300 100 C220 100 190 200 220 280 C245 350 320 360 340 310 C355 270 320 250 330 220 C340 190 370 180 360 140 C352 112 330 100 300 100 Z" fill="#c8694b"/>
    <path d="M450 100 C530 100 560 200 530 280 C505 350 430 360 410 310 C395 270 430 250 420 220 C410 190 380 180 390 140 C398 112 420 100 450 100 Z" fill="#c8694b"/>
    <path d="M345 230 Q375 260 375 360 M405 230 Q375 260 375 360" stroke="#e8b19d" stroke-width="10" fill="none"/>`,
};

/** Whether a name is one of the pictures. */
export function isArticleImageTheme(name: string): name is ArticleImageTheme {
  return (ARTICLE_IMAGE_THEMES as readonly string[]).includes(name);
}

/** The picture of a theme as a complete SVG document, 750 × 450. */
export function articleImageSvg(theme: ArticleImageTheme): string {
  const [from, to] = BACKGROUND[theme];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 750 450" width="750" height="450">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="750" height="450" fill="url(#bg)"/>
  <circle cx="90" cy="70" r="120" fill="#fff" opacity="0.25"/><circle cx="690" cy="420" r="140" fill="#fff" opacity="0.2"/>
  ${DRAWINGS[theme]}
</svg>`;
}

/** The address the API serves a theme's picture at. */
export function articleImageUrl(theme: ArticleImageTheme): string {
  return `/api/article/v1/image/${theme}.svg`;
}
