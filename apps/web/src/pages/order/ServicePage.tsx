import { SERVICE_PACKAGE_STATE, SERVICE_PACKAGE_TEXTS, formatTermEnd } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { SERVICE_GOODS_PATH } from './orderPaths';
import styles from './Order.module.css';

/**
 * /service 服务包 (spec 3 §2.7, on the health brand's mine menu): the customer's package, its state
 * (未开通, 服务中, 已过期) and end date, what it includes, and a way to open or renew it through the
 * service-package goods (/categorysGoods?servicePackage=1).
 */
export default function ServicePage() {
  useDocumentTitle(SERVICE_PACKAGE_TEXTS.title);
  const navigate = useNavigate();
  const read = useApiData(() => api().GET('/customer/v1/servicePackage'));
  const pack = read.data;
  if (!pack) {
    return read.failed ? (
      <EmptyState title="加载失败">
        <Button onClick={read.reload}>点击重试</Button>
      </EmptyState>
    ) : (
      <PageLoading />
    );
  }
  const state = pack.servicePackageState;
  const end = pack.serviceExpireDate ? formatTermEnd(new Date(pack.serviceExpireDate)) : null;
  const stateClass =
    state === SERVICE_PACKAGE_STATE.active
      ? styles.stateActive
      : state === SERVICE_PACKAGE_STATE.expired
        ? styles.stateExpired
        : styles.stateNone;
  return (
    <div className={styles.page}>
      <section className={`${styles.section} ${styles.serviceCard}`} aria-label="我的服务包">
        <div className={styles.head}>
          <h1 className={styles.sectionTitle}>{SERVICE_PACKAGE_TEXTS.title}</h1>
          <span className={`${styles.stateBadge} ${stateClass}`} aria-label="服务状态">
            {SERVICE_PACKAGE_TEXTS.states[state]}
          </span>
        </div>
        {end ? (
          <p className={styles.serviceEnd} aria-label={SERVICE_PACKAGE_TEXTS.endsOn}>
            {state === SERVICE_PACKAGE_STATE.expired
              ? `${SERVICE_PACKAGE_TEXTS.endedOn} ${end} 到期`
              : `${SERVICE_PACKAGE_TEXTS.endsOn} ${end}`}
          </p>
        ) : (
          <p className={styles.note}>开通后即可享受以下服务</p>
        )}
        <Button block color="primary" size="large" onClick={() => void navigate(SERVICE_GOODS_PATH)}>
          {state === SERVICE_PACKAGE_STATE.none ? SERVICE_PACKAGE_TEXTS.open : SERVICE_PACKAGE_TEXTS.renew}
        </Button>
      </section>
      <section className={styles.section} aria-label={SERVICE_PACKAGE_TEXTS.includesTitle}>
        <h2 className={styles.sectionTitle}>{SERVICE_PACKAGE_TEXTS.includesTitle}</h2>
        <ul className={styles.benefits}>
          {SERVICE_PACKAGE_TEXTS.includes.map((item) => (
            <li key={item.title} className={styles.benefit}>
              <strong>{item.title}</strong>
              <span>{item.text}</span>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
