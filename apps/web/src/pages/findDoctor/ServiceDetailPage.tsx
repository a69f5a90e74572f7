import {
  CONSULT_CODES,
  OPEN_CONSULT_DIALOG,
  REGISTER_PATH,
  buyButton,
  centsToYuan,
  openConsultTarget,
  serviceDurationLabel,
} from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Dialog } from 'antd-mobile';
import { useRef } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { usePayIntent } from '../../components/payment/PaymentSheet';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { isRegistered, useSession } from '../../store/session';
import { showError } from '../../ui/toast';
import { chatPath, subConsultPath } from '../chat/consultPaths';
import { DoctorCard } from './DoctorCard';
import { useLatestConsult } from './useLatestConsult';
import styles from './ServiceDetailPage.module.css';

/** An open consultation as the page opens it. */
interface OpenConsult {
  sessionId: string;
  status: number;
  serviceType: number;
}

/**
 * The service detail page (spec 3 §2.1 query doctorId, serviceId, price, onTheWay, index,
 * serviceName, time; §4 Consult purchase): the service's introduction and one button. Red 购买
 * when no paid consultation with the doctor is open: it buys through /consult/v1/pay and the payment
 * sheet, then goes on to the submission page. 点击咨询 (green) for a paid consultation still to be
 * described, 继续咨询 for one under way. Buying another service of a doctor whose consultation is
 * still open offers that one instead. Visitors are sent to register, this page remembered.
 */
export default function ServiceDetailPage() {
  useDocumentTitle('服务详情');
  const [search] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const doctorId = Number(search.get('doctorId') ?? '0');
  const serviceId = Number(search.get('serviceId') ?? '0');
  const registered = useSession((state) => isRegistered(state.customer));
  const service = useApiData(
    () => api().GET('/consult/v1/queryServiceIntro', { params: { query: { serviceId } } }),
    ['service', serviceId],
    { enabled: serviceId > 0 },
  );
  const doctor = useApiData(
    () => api().GET('/consult/v1/queryDoctor', { params: { query: { doctorId } } }),
    ['doctor', doctorId],
    { enabled: doctorId > 0 },
  );
  const { latest, reload, ready } = useLatestConsult(doctorId);
  const bought = useRef<OpenConsult | null>(null);
  const guard = useSubmitGuard();

  const doctorName = doctor.data?.nickName ?? '';
  const open = (consult: OpenConsult) => {
    const ref = { ...consult, sessionType: consult.serviceType, doctor: { doctorId, nickName: doctorName } };
    void navigate(openConsultTarget(consult.status) === 'submit' ? subConsultPath(ref) : chatPath(ref));
  };
  const offer = (consult: OpenConsult) => {
    void Dialog.confirm({
      title: OPEN_CONSULT_DIALOG.title,
      content: OPEN_CONSULT_DIALOG.content,
      confirmText: OPEN_CONSULT_DIALOG.confirm,
      cancelText: OPEN_CONSULT_DIALOG.cancel,
      onConfirm: () => open(consult),
    });
  };
  const { pay, sheet, busy } = usePayIntent((outcome) => {
    reload();
    if (outcome === 'success' && bought.current) {
      open(bought.current);
    }
  });

  if (!(serviceId > 0) || service.failed) {
    return <EmptyState title="该服务已下架" />;
  }
  if (!service.data) {
    return <PageLoading />;
  }
  const current = service.data;
  const button = buyButton(current.serviceType, latest);

  const onTap = () => {
    if (!registered) {
      useSession.getState().setWanted(`${location.pathname}${location.search}`);
      void navigate(REGISTER_PATH);
      return;
    }
    if (button.action === 'open' && latest) {
      open(latest);
      return;
    }
    if (button.action === 'offerOpen' && latest) {
      offer(latest);
      return;
    }
    void guard.run(async () => {
      try {
        const order = await api().POST('/consult/v1/pay', { body: { serviceId: current.serviceId } });
        bought.current = { sessionId: order.sessionId, status: 1, serviceType: current.serviceType };
        return () => void pay(order.intent.intentId);
      } catch (error) {
        if (isApiError(error) && error.code === CONSULT_CODES.openExists) {
          const existing = error.data as { sessionId: string; status: number } | null;
          reload();
          return existing
            ? () => offer({ ...existing, serviceType: latest?.serviceType ?? current.serviceType })
            : undefined;
        }
        return () => showError(error, '购买失败，请稍后再试');
      }
    });
  };

  return (
    <div className={styles.page}>
      <section className={styles.head} aria-label="服务">
        <h1 className={styles.name}>{current.serviceName}</h1>
        <p className={styles.meta}>
          <span className={styles.price}>¥{centsToYuan(current.servicePrice)}</span>
          <span className={styles.time}>{serviceDurationLabel(current)}</span>
        </p>
      </section>
      {doctor.data ? (
        <section className={styles.block} aria-label="医生">
          <DoctorCard doctor={doctor.data} showPrices={false} />
        </section>
      ) : null}
      <section className={styles.block} aria-label="服务介绍">
        <h2 className={styles.heading}>服务介绍</h2>
        <p className={styles.intro}>{current.intro || '医生暂未填写服务介绍'}</p>
      </section>
      <div className={styles.bar}>
        <Button
          block
          size="large"
          className={`${styles.action} ${styles[button.tone]}`}
          // The label depends on the caller's latest consultation: no tap before it is known.
          loading={!ready}
          disabled={!ready || guard.busy || busy}
          onClick={onTap}
        >
          {button.label}
        </Button>
      </div>
      {sheet}
    </div>
  );
}
