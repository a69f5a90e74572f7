import { brandFeatures } from '@glucoguard/domain';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSession } from '../../store/session';
import { Loaded } from './common';
import styles from './afterSales.module.css';

/**
 * /servicePolicy (spec 3 §2.8, §9): the brand's warranty policy in five clauses (scope, proof,
 * service method, 24-hour quick handling, out-of-warranty charges) as the API gives it, a link to
 * the exclusive customer service and the repair-progress hotline.
 */
export default function ServicePolicyPage() {
  useDocumentTitle('售后政策');
  const sourceId = useSession((state) => state.sourceId);
  const policy = useApiData(() => api().GET('/product/v1/getServicePolicy'), sourceId);
  const { chatUrl } = brandOf(sourceId).contact;
  const opensChat = brandFeatures(sourceId).customerService === 'chatLink' && chatUrl !== null;
  return (
    <div className={styles.page}>
      <Loaded read={policy} missing="暂无售后政策">
        {(data) => (
          <>
            <article className={styles.card} aria-label="售后政策">
              <h1 className={styles.pageTitle}>售后服务政策</h1>
              <ol className={styles.clauses}>
                {data.clauses.map((clause, index) => (
                  <li key={clause.title} className={styles.clause}>
                    <h2 className={styles.clauseTitle}>
                      {index + 1}. {clause.title}
                    </h2>
                    {clause.body.split('\n').map((line, at) => (
                      <p key={at} className={styles.text}>
                        {line}
                      </p>
                    ))}
                  </li>
                ))}
              </ol>
            </article>
            <section className={styles.card} aria-label="联系客服">
              {opensChat ? (
                <a href={chatUrl} className={styles.wideLink}>
                  联系专属客服
                </a>
              ) : (
                <Link to="/contactUs" className={styles.wideLink}>
                  联系专属客服
                </Link>
              )}
              <p className={styles.text}>
                维修进度查询热线：
                <a className={styles.phone} href={`tel:${data.hotline.replace(/[^\d]/g, '')}`}>
                  {data.hotline}
                </a>
              </p>
              <p className={styles.note}>服务时间：每天 {data.serviceHours}</p>
            </section>
          </>
        )}
      </Loaded>
    </div>
  );
}
