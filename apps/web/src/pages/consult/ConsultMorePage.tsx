import { CONSULT_SCREEN_MESSAGES, CONSULT_STATUS, consultActions, consultComplaintText } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog } from 'antd-mobile';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { brandOf } from '../../brand';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useSession } from '../../store/session';
import { showError, toast } from '../../ui/toast';
import { chatPath, doctorDetailPath } from '../chat/consultPaths';
import { DoctorSummary } from './DoctorSummary';
import styles from './ConsultMorePage.module.css';

/**
 * /consult/more (spec 3 §2.1; query sessionId): the consultation's doctor with a link to the
 * doctor's page, 结束咨询 while it runs (a confirm, then `close`: status 0 and the end message;
 * 已结束 once it has ended) and the complaint hotline with the brand's number and service hours.
 */
export default function ConsultMorePage() {
  useDocumentTitle('更多');
  const [query] = useSearchParams();
  const sessionId = query.get('sessionId') ?? '';
  const brand = brandOf(useSession((state) => state.sourceId));
  const consult = useApiData(
    () => api().GET('/consult/v1/querySessionBySessionId', { params: { query: { sessionId } } }),
    sessionId,
    { enabled: sessionId !== '' },
  );
  const { busy, run } = useSubmitGuard();
  const navigate = useNavigate();
  // Opened directly (nothing of ours to go back to), the ended chat takes this page's place.
  const openedDirectly = useLocation().key === 'default';

  if (sessionId === '' || (consult.failed && consult.data === null)) {
    return <EmptyState title="未找到该咨询" description="请从问诊消息列表重新进入" />;
  }
  if (consult.data === null) {
    return <PageLoading />;
  }
  const current = consult.data;
  const canEnd = consultActions(current.status).end;

  const end = () => {
    void Dialog.confirm({
      content: CONSULT_SCREEN_MESSAGES.endConfirm,
      confirmText: '确定结束',
      cancelText: '再想想',
    }).then((confirmed) => {
      if (!confirmed) {
        return;
      }
      void run(async () => {
        try {
          const ended = await api().POST('/consult/v1/close', { body: { sessionId } });
          return () => {
            consult.mutate(ended);
            toast(CONSULT_SCREEN_MESSAGES.endSuccess);
            void (openedDirectly ? navigate(chatPath(ended), { replace: true }) : navigate(-1));
          };
        } catch (error) {
          return () => {
            showError(error, '结束失败，请稍后再试');
            consult.reload();
          };
        }
      });
    });
  };

  return (
    <div className={styles.page}>
      <DoctorSummary doctor={current.doctor}>
        <Link to={doctorDetailPath(current.doctor.doctorId)} className={styles.link}>
          医生主页
        </Link>
      </DoctorSummary>
      <section aria-label="本次咨询" className={styles.card}>
        <p className={styles.row}>
          <span>{current.serviceName}</span>
          <span className={styles.status}>{current.statusLabel}</span>
        </p>
        {canEnd || current.status === CONSULT_STATUS.finished ? (
          <Button
            block
            color="danger"
            fill="outline"
            size="large"
            disabled={!canEnd || busy}
            onClick={end}
            className={styles.end}
          >
            {canEnd ? CONSULT_SCREEN_MESSAGES.endLabel : CONSULT_SCREEN_MESSAGES.endedLabel}
          </Button>
        ) : null}
      </section>
      <section aria-label="投诉与建议" className={styles.card}>
        <h2 className={styles.heading}>投诉与建议</h2>
        <p className={styles.complaint}>{consultComplaintText(brand.contact.hotline)}</p>
        <a href={`tel:${brand.contact.hotline.replace(/-/g, '')}`} className={styles.call}>
          拨打 {brand.contact.hotline}
        </a>
      </section>
    </div>
  );
}
