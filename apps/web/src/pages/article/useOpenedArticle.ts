import { TRUNCATE, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { useEffect } from 'react';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { useShareCard } from '../../wechat/jssdk';
import { articleShareCard } from './articleShare';

/**
 * The article of `?articleId=` as both article pages open it: loads it, titles the page with it,
 * keeps the messaging app's share card on it (passed on with `sharer`'s cid) and counts the
 * opening. `valid` is false for an id that cannot be one.
 */
export function useOpenedArticle(sharer: string | null) {
  const [params] = useSearchParams();
  const articleId = Number(params.get('articleId'));
  const valid = Number.isInteger(articleId) && articleId > 0;
  const detail = useApiData<Schema<'ArticleDetail'> | null>(
    () => (valid ? api().GET('/article/content/detail', { params: { query: { articleId } } }) : Promise.resolve(null)),
    articleId,
  );
  useDocumentTitle(detail.data ? truncate(detail.data.title, TRUNCATE.articlePageTitle) : '健康资讯');
  const sourceId = useSession((state) => state.sourceId);
  useShareCard(
    detail.data === null ? null : articleShareCard(detail.data, sourceId, sharer),
    `${detail.data?.articleId ?? ''}:${sourceId}:${sharer ?? ''}`,
  );

  useEffect(() => {
    if (valid) {
      api()
        .POST('/article/content/read', { body: { articleId } })
        .catch(() => undefined);
    }
  }, [valid, articleId]);

  return { valid, detail };
}
