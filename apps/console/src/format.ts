/** A time as staff in China read it: 2026/11/26 14:05:09, or — when there is none. */
export function formatTime(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString('zh-CN', { hour12: false }) : '—';
}
