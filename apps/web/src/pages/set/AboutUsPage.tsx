import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSession } from '../../store/session';
import styles from './AboutUsPage.module.css';

/** /set/aboutUs: brand name, what the product does and the running version (from the health check). */
export default function AboutUsPage() {
  useDocumentTitle('关于我们');
  const brand = brandOf(useSession((state) => state.sourceId));
  const read = useApiData(() => api().GET('/healthz'));
  const version: string | null = read.failed ? '' : (read.data?.version ?? null);

  return (
    <div className={styles.aboutUsPageBox}>
      <div aria-hidden="true" className={styles.aboutUsPageBox2}>
        {brand.name.slice(0, 1)}
      </div>
      <h1 className={styles.aboutUsPageTitle}>{brand.name}</h1>
      <p className={styles.aboutUsPageText}>{version ? `版本 ${version}` : '\u00a0'}</p>
      <p className={styles.aboutUsPageText2}>
        {brand.name}
        为糖尿病和高血压患者及其亲友提供日常健康管理：记录血糖、血压、体重等数据并生成周报和月报，绑定血糖仪自动同步测量结果，在线咨询认证医生、购药，还可以邀请亲友一起关注您的健康。
      </p>
    </div>
  );
}
