/** A time the API words in China time without a zone (prescriptions: 2026-11-26 14:05:09). */
const CHINA_WALL_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/;

/**
 * A time as staff in China read it, in China time whatever the browser's time zone: 2026/11/26
 * 14:05:09, or — when there is none. It takes an instant (ISO with a zone) or a China wall time
 * without a zone, which it reads as China time, never as the browser's. The server words its own
 * times in China time too, so one page never shows two clocks.
 */
export function formatTime(time: string | null | undefined): string {
  if (!time) {
    return '—';
  }
  const instant = new Date(CHINA_WALL_TIME.test(time) ? `${time.replace(' ', 'T')}+08:00` : time);
  return Number.isNaN(instant.getTime())
    ? time
    : instant.toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' });
}
