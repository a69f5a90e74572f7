import type { Schema } from '@glucoguard/sdk';
import { absoluteUrl, type ShareCard } from '../../wechat/jssdk';

/** Characters of the article's text on its share card. */
const SHARE_DESC_LENGTH = 40;

/**
 * The share card of an article: it opens the shared-article page (spec §2.10
 * /articleShareDetails?articleId&sourceId&shareCid&appid), with the sharer's cid when registered
 * (the page then shows a QR with the sharer's invite code).
 */
export function articleShareCard(
  article: Pick<Schema<'ArticleDetail'>, 'articleId' | 'title' | 'content' | 'picUrl'>,
  sourceId: number,
  sharerCid: string | null,
): ShareCard {
  const text = article.content
    .replace(/^## .*$/gm, '')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = Array.from(text);
  return {
    title: article.title,
    desc: chars.length > SHARE_DESC_LENGTH ? `${chars.slice(0, SHARE_DESC_LENGTH).join('')}…` : text,
    link: (appId) => {
      const query = new URLSearchParams({ articleId: String(article.articleId), sourceId: String(sourceId) });
      if (sharerCid !== null) {
        query.set('shareCid', sharerCid);
      }
      query.set('appid', appId);
      return absoluteUrl(`/articleShareDetails?${query.toString()}`);
    },
    imgUrl: absoluteUrl(article.picUrl === '' ? '/favicon.svg' : article.picUrl),
  };
}
