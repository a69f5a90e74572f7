/**
 * A time as staff in China read it, in China time whatever the browser's time zone: 2026/11/26
 * 14:05:09, or — when there is none. The server words its own times in China time too, so one page
 * never shows two clocks.
 */
export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false, timeZone: 'Asia/Shanghai' }) : '—';
}
