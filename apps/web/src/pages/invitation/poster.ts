/** What the invitation poster shows. */
export interface PosterContent {
  brandName: string;
  activityName: string;
  inviteCode: string;
  nickname: string;
  primaryColor: string;
  deepColor: string;
}

/** The poster's size in CSS pixels; it is drawn at twice that for sharp text on phones. */
export const POSTER_SIZE = { width: 300, height: 480 } as const;
const SCALE = 2;

function roundRect(ctx: CanvasRenderingContext2D, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

const FONT = '"PingFang SC", "Hiragino Sans GB", "Noto Sans CJK SC", "Microsoft YaHei", sans-serif';

/** Draws the poster on a 2D context of a canvas sized {@link POSTER_SIZE} × 2. */
export function drawPoster(ctx: CanvasRenderingContext2D, content: PosterContent): void {
  const { width, height } = POSTER_SIZE;
  ctx.save();
  ctx.scale(SCALE, SCALE);
  const ground = ctx.createLinearGradient(0, 0, width, height);
  ground.addColorStop(0, content.primaryColor);
  ground.addColorStop(1, content.deepColor);
  ctx.fillStyle = ground;
  ctx.fillRect(0, 0, width, height);

  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillStyle = '#fff';
  ctx.font = `600 26px ${FONT}`;
  ctx.fillText(content.brandName, width / 2, 56);
  ctx.font = `15px ${FONT}`;
  ctx.globalAlpha = 0.9;
  ctx.fillText('血糖 · 血压 · 日常健康管理', width / 2, 88);
  ctx.globalAlpha = 1;

  // The card with the activity and the code.
  roundRect(ctx, 24, 124, width - 48, 250, 14);
  ctx.fillStyle = '#fff';
  ctx.fill();
  ctx.fillStyle = content.deepColor;
  ctx.font = `600 22px ${FONT}`;
  ctx.fillText(content.activityName, width / 2, 164);
  ctx.fillStyle = '#666';
  ctx.font = `14px ${FONT}`;
  ctx.fillText(`${content.nickname} 邀请您一起管理健康`, width / 2, 198);
  ctx.fillText('我的邀请码', width / 2, 244);
  roundRect(ctx, 56, 266, width - 112, 56, 10);
  ctx.fillStyle = '#f5f6f8';
  ctx.fill();
  ctx.fillStyle = '#222';
  ctx.font = `700 32px ${FONT}`;
  ctx.fillText(content.inviteCode.split('').join(' '), width / 2, 295);
  ctx.fillStyle = '#999';
  ctx.font = `12px ${FONT}`;
  ctx.fillText('注册时填写邀请码即可', width / 2, 346);

  ctx.fillStyle = '#fff';
  ctx.font = `14px ${FONT}`;
  ctx.fillText(`打开「${content.brandName}」注册，填写上方邀请码`, width / 2, 414);
  ctx.globalAlpha = 0.8;
  ctx.font = `12px ${FONT}`;
  ctx.fillText('长按图片保存，分享给好友', width / 2, 444);
  ctx.restore();
}

/** The poster as a PNG data URL, or null when the browser has no 2D canvas. */
export function posterDataUrl(content: PosterContent): string | null {
  const canvas = document.createElement('canvas');
  canvas.width = POSTER_SIZE.width * SCALE;
  canvas.height = POSTER_SIZE.height * SCALE;
  let ctx: CanvasRenderingContext2D | null;
  try {
    ctx = canvas.getContext('2d');
  } catch {
    ctx = null;
  }
  if (ctx === null) {
    return null;
  }
  drawPoster(ctx, content);
  try {
    return canvas.toDataURL('image/png');
  } catch {
    return null;
  }
}
