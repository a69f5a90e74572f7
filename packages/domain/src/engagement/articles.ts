import { TRUNCATE, truncate } from '../shared/display';

/** The read-time heartbeat the article page sends while open (spec 1 §2.10, §9). */
export const ARTICLE_HEARTBEAT_MS = 60_000;
/** How long the reading-reward toast stays (spec 1 §9). */
export const ARTICLE_REWARD_TOAST_MS = 3000;
/** Beats closer together than this credit nothing (a page that beats faster is not trusted). */
export const ARTICLE_MIN_BEAT_GAP_SECONDS = 50;
/** One beat credits at most one interval, however long the gap (a tab left in the background). */
export const ARTICLE_MAX_BEAT_CREDIT_SECONDS = 60;
/** Read time credited per customer and article at most. */
export const ARTICLE_MAX_READ_SECONDS = 2 * 3600;

/**
 * Seconds a heartbeat credits: nothing for the first beat of a visit or a beat under 50 s after
 * the previous one, else the gap up to 60 s, never past the 2-hour total per article. This bounds
 * the read time one reader can claim to the time that really passed.
 */
export function creditedReadSeconds(lastBeatAt: Date | null, now: Date, totalSoFar: number): number {
  if (lastBeatAt === null) {
    return 0;
  }
  const gap = Math.floor((now.getTime() - lastBeatAt.getTime()) / 1000);
  if (gap < ARTICLE_MIN_BEAT_GAP_SECONDS) {
    return 0;
  }
  return Math.max(0, Math.min(gap, ARTICLE_MAX_BEAT_CREDIT_SECONDS, ARTICLE_MAX_READ_SECONDS - totalSoFar));
}

/** The summary of an article in the home list: 25 characters (22 in the shared variant). */
export function articleSummary(text: string | null | undefined, shared = false): string {
  return truncate(text, shared ? TRUNCATE.articleSummaryShared : TRUNCATE.articleSummary);
}

/** The reward toast after reading an article to the end. */
export function articleRewardMessage(points: number): string {
  return `阅读完成，奖励${points}积分`;
}

/**
 * Whether the reader has reached the bottom: the bottom of the viewport is within `slack` pixels
 * of the end of the content.
 */
export function reachedBottom(scrollTop: number, viewportHeight: number, contentHeight: number, slack = 24): boolean {
  return scrollTop + viewportHeight >= contentHeight - slack;
}
