import { guideRedirectUrl } from '@glucoguard/domain';
import { useEffect } from 'react';
import { api } from '../../api';
import { externalNavigation } from '../../components/externalNavigation';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { Card, Loaded, useQueryId } from './common';
import { RichText } from './RichText';
import styles from './afterSales.module.css';

/**
 * /productUseSkill?guideId (spec 3 §2.8): one guide — its rich text, or, when the guide gives an
 * https content address, that page in place of this one (location.replace, so 返回 skips it).
 */
export default function ProductUseSkillPage() {
  const guideId = useQueryId('guideId');
  const guide = useApiData(
    () => api().GET('/product/v1/getGuide', { params: { query: { guideId: guideId ?? 0 } } }),
    ['guide', guideId],
    { enabled: guideId !== null },
  );
  const redirect = guideRedirectUrl(guide.data?.contentUrl);
  useDocumentTitle(guide.data?.title ?? '使用指南');
  useEffect(() => {
    if (redirect !== null) {
      externalNavigation.replace(redirect);
    }
  }, [redirect]);
  return (
    <div className={styles.page}>
      <Loaded read={guideId === null ? null : guide} missing="指南不存在或已删除">
        {(data) =>
          redirect !== null ? (
            <PageLoading />
          ) : (
            <Card label={data.title}>
              <h1 className={styles.pageTitle}>{data.title}</h1>
              <RichText html={data.content} label="指南内容" />
            </Card>
          )
        }
      </Loaded>
    </div>
  );
}
