import { RX_MESSAGES, RX_SHOW_STATUS_LABELS, prescriptionView } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Dialog } from 'antd-mobile';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { RxDoctor } from './RxDoctor';
import { RxMedicineList } from './RxMedicineList';
import { diagnosisPlanPath, failureText } from './rxPaths';
import styles from './Recipe.module.css';

const SEX = ['未知', '男', '女'];

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/**
 * /myRecipe/recipeDetail (query recipeId; spec 3 §2.2, §4): the prescription with its doctor, patient
 * and dates. While approved and unused (rx status 2) the QR seal to show at the pharmacy; the full
 * drug list only once used (4), otherwise the tip that the purchase is needed. Used or expired (4, 5)
 * offers a re-visit, asking first the spec's diabetes question, then opening the doctor.
 */
export default function RecipeDetailPage() {
  useDocumentTitle('处方详情');
  const [query] = useSearchParams();
  const infoId = query.get('recipeId') ?? '';
  const navigate = useNavigate();
  const rx = useApiData(() => api().GET('/rx/v1/queryById', { params: { query: { infoId } } }), infoId, {
    enabled: infoId !== '',
  });
  if (infoId === '' || (rx.failed && rx.data === null)) {
    return <EmptyState title="未找到该处方" description={failureText(rx.error, '请从处方列表重新进入')} />;
  }
  if (rx.data === null) {
    return <PageLoading />;
  }
  const { rxInfo, customer, user, rxContent, rxMedicineRelationship, medicineCount, rxSealExtend } = rx.data;
  const { revisit } = prescriptionView(rxInfo.customerShowStatus);
  const askRevisit = () =>
    void Dialog.confirm({
      content: RX_MESSAGES.revisitQuestion,
      confirmText: '是，去复诊',
      cancelText: '否',
      onConfirm: () => void navigate(`/findDoctor/doctorDetail?doctorId=${user.doctorId}`),
    });
  return (
    <div className={styles.page}>
      <section aria-label="处方信息" className={styles.section}>
        <h2 className={styles.heading}>
          电子处方
          <span className={styles.status} data-status={rxInfo.customerShowStatus}>
            {RX_SHOW_STATUS_LABELS[rxInfo.customerShowStatus] ?? ''}
          </span>
        </h2>
        <dl className={styles.fields}>
          <Field label="处方编号">{rxInfo.rxCode}</Field>
          <Field label="处方类别">{rxInfo.rxCategoryName}</Field>
          <Field label="患者">
            {customer.name} · {SEX[customer.sex] ?? '未知'}
            {customer.age === null ? '' : ` · ${customer.age}岁`}
          </Field>
          <Field label="患者编号">{rxInfo.patientNo}</Field>
          <Field label="开具时间">{rxInfo.createTime}</Field>
          {rxInfo.auditTime ? <Field label="审核时间">{rxInfo.auditTime}</Field> : null}
          {rxInfo.auditReason ? <Field label="驳回原因">{rxInfo.auditReason}</Field> : null}
          {rxInfo.expireTime && rxInfo.status === 2 ? <Field label="有效期至">{rxInfo.expireTime}</Field> : null}
        </dl>
      </section>
      {rxSealExtend ? (
        <section aria-label="处方二维码" className={`${styles.section} ${styles.seal}`}>
          <img src={rxSealExtend.image} alt="处方二维码" className={styles.qr} />
          <p className={styles.sealTip}>请在有效期内到药店出示此二维码购药</p>
        </section>
      ) : null}
      <section aria-label="开方医生" className={styles.section}>
        <h2 className={styles.heading}>开方医生</h2>
        <RxDoctor doctor={user} />
      </section>
      <section aria-label="诊断及处理意见" className={styles.section}>
        <h2 className={styles.heading}>诊断及处理意见</h2>
        <p className={styles.content}>{rxContent.content}</p>
        <Link to={diagnosisPlanPath(rxInfo.infoId, 1)} className={styles.more}>
          查看诊疗方案
        </Link>
      </section>
      <section aria-label="药品清单" className={styles.section}>
        <h2 className={styles.heading}>药品清单</h2>
        {rxMedicineRelationship.length > 0 ? (
          <RxMedicineList medicines={rxMedicineRelationship} label="处方药品" />
        ) : (
          <p className={styles.tip}>
            共{medicineCount}种药品。{RX_MESSAGES.purchaseNeeded}
          </p>
        )}
      </section>
      {revisit ? (
        <div className={styles.actions}>
          <button type="button" className={styles.primary} onClick={askRevisit}>
            复诊续方
          </button>
        </div>
      ) : null}
    </div>
  );
}
