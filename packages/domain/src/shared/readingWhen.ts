import { chinaDayNumber, inChina, parseChinaDateTime, type Instant } from './time';

/**
 * When a reading was measured, said the way the home page's summary says it (China time):
 * `今天 07:30`, `昨天 21:00`, `11月18日 08:00` this year, `2025年11月18日` before. The reading's
 * `createTime` text (`yyyy-MM-dd HH:mm[:ss]`) goes in; text that is not a time comes back as is.
 */
export function readingWhen(createTime: string, now: Instant): string {
  const at = parseChinaDateTime(createTime);
  if (at === null) {
    return createTime;
  }
  const days = chinaDayNumber(now) - chinaDayNumber(at);
  const time = inChina(at).format('HH:mm');
  if (days === 0) {
    return `今天 ${time}`;
  }
  if (days === 1) {
    return `昨天 ${time}`;
  }
  const when = inChina(at);
  if (when.year() === inChina(now).year()) {
    return `${when.month() + 1}月${when.date()}日 ${time}`;
  }
  return `${when.year()}年${when.month() + 1}月${when.date()}日`;
}
