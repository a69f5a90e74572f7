import { CONSULT_STATUS, centsToYuan, consultActions, formatChinaTime } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import type { ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { labelOf } from '../../hooks/useDictionaries';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { chatPath } from '../chat/consultPaths';
import { useConsultCancel } from '../chat/useConsultCancel';
import { DoctorSummary } from './DoctorSummary';
import styles from './ConsultationDetailsPage.module.css';

type Consult = Schema<'ConsultSession'>;

const time = (ms: number | null) => (ms === null ? null : formatChinaTime(ms, 'YYYY-MM-DD HH:mm'));

/** The allergy options' names, for the stored item keys. */
async function allergyOptions() {
  const lists = await api().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'allergic_history' } } });
  return lists.allergic_history ?? [];
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className={styles.field}>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{children}</dd>
    </div>
  );
}

/** The service, its price and its times; a running interval service shows when it will end. */
function ServiceFields({ consult }: { consult: Consult }) {
  const running = consult.status === CONSULT_STATUS.inConsultation;
  const ended = time(consult.endTime);
  return (
    <dl className={styles.fields}>
      <Field label="服务">{consult.serviceName}</Field>
      <Field label="费用">¥{centsToYuan(consult.priceCents)}</Field>
      {consult.serviceInterval === null ? null : <Field label="服务期限">{consult.serviceInterval}天</Field>}
      <Field label="状态">
        <span className={styles.status} data-status={consult.status}>
          {consult.statusLabel}
        </span>
      </Field>
      <Field label="下单时间">{time(consult.orderCreateTime)}</Field>
      {consult.acceptTime === null ? null : <Field label="接诊时间">{time(consult.acceptTime)}</Field>}
      {ended === null ? null : <Field label={running ? '服务截止' : '结束时间'}>{ended}</Field>}
      {consult.cancelReason ? <Field label="取消原因">{consult.cancelReason}</Field> : null}
    </dl>
  );
}

/** What the patient told the doctor: the description with its photos, the allergies and the pharmacy. */
function IllnessFields({ consult }: { consult: Consult }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const allergies = useApiData(allergyOptions, '', { enabled: consult.allergicHistory !== null });
  const { diagnosticInfo, allergicHistory, drugStore } = consult;
  if (diagnosticInfo === null) {
    return <p className={styles.empty}>尚未填写病情描述</p>;
  }
  const allergyText =
    allergicHistory === null
      ? null
      : [...allergicHistory.items.map((key) => labelOf(allergies.data ?? [], key) ?? key), allergicHistory.detail]
          .filter((part) => part !== '')
          .join('，');
  return (
    <dl className={styles.fields}>
      <Field label="病情描述">
        <span className={styles.description}>{diagnosticInfo.desc}</span>
      </Field>
      {diagnosticInfo.imgList.length === 0 ? null : (
        <Field label="图片">
          <ul aria-label="病情图片" className={styles.photos}>
            {diagnosticInfo.imgList.map((path, index) => {
              const url = imageUrl(path, imgDomain) ?? '';
              return (
                <li key={path}>
                  <a href={url} target="_blank" rel="noreferrer">
                    <img src={url} alt={`病情图片${index + 1}`} className={styles.photo} />
                  </a>
                </li>
              );
            })}
          </ul>
        </Field>
      )}
      {allergyText === null ? null : <Field label="过敏史">{allergyText === '' ? '无' : allergyText}</Field>}
      {drugStore === null ? null : (
        <Field label="取药药店">
          {drugStore.store}
          <span className={styles.address}>{drugStore.address}</span>
        </Field>
      )}
    </dl>
  );
}

/**
 * /consultationDetails (spec 3 §2.1 'linked from the flows above; content not shown'; query
 * sessionId): one consultation as a patient expects it — the doctor, the service, price, times and
 * status, the illness description with its photos, the allergies and the chosen pharmacy; a way
 * back to the chat and, while waiting for the doctor, the cancel (50008 opens the chat).
 */
export default function ConsultationDetailsPage() {
  useDocumentTitle('咨询详情');
  const [query] = useSearchParams();
  const sessionId = query.get('sessionId') ?? '';
  const navigate = useNavigate();
  const consult = useApiData(
    () => api().GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId } } }),
    sessionId,
    { enabled: sessionId !== '' },
  );
  const { busy, cancel } = useConsultCancel();
  if (sessionId === '' || (consult.failed && consult.data === null)) {
    return <EmptyState title="未找到该咨询" description="请从问诊消息列表重新进入" />;
  }
  if (consult.data === null) {
    return <PageLoading />;
  }
  const current = consult.data;
  const cancelConsult = () =>
    cancel(sessionId, {
      cancelled: (answer) => consult.mutate(answer),
      accepted: () => void navigate(chatPath({ ...current, status: CONSULT_STATUS.inConsultation })),
    });
  return (
    <div className={styles.page}>
      <DoctorSummary doctor={current.doctor} />
      <section aria-label="服务信息" className={styles.card}>
        <h2 className={styles.heading}>服务信息</h2>
        <ServiceFields consult={current} />
      </section>
      <section aria-label="病情信息" className={styles.card}>
        <h2 className={styles.heading}>病情信息</h2>
        <IllnessFields consult={current} />
      </section>
      <div className={styles.actions}>
        <Link to={chatPath(current)} className={styles.chat}>
          进入聊天
        </Link>
        {consultActions(current.status).cancel ? (
          <button type="button" className={styles.cancel} disabled={busy} onClick={cancelConsult}>
            取消咨询
          </button>
        ) : null}
      </div>
    </div>
  );
}
