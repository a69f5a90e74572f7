import { centsToYuan } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { usePayIntent } from '../../components/payment/PaymentSheet';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import styles from './PaymentPage.module.css';

/** /payment/:intentId — the checkout of one payment intent: what it pays for, the amount, 去支付. */
export default function PaymentPage() {
  useDocumentTitle('支付');
  const intentId = useParams().intentId ?? '';
  const read = useApiData(() => api().GET('/payment/v1/intent', { params: { query: { intentId } } }), intentId);
  const { pay, sheet, busy } = usePayIntent(() => read.reload());
  const intent = read.data;
  if (!intent) {
    return read.failed ? <p className={styles.paymentPageNote}>支付单不存在</p> : <PageLoading />;
  }
  return (
    <section aria-label="支付" className={styles.paymentPage}>
      <p className={styles.paymentPageSubject}>{intent.description}</p>
      <p className={styles.paymentPageAmount}>¥{centsToYuan(intent.amountCents)}</p>
      <p className={styles.paymentPageState}>{intent.stateLabel}</p>
      {intent.state === 'created' ? (
        <Button block size="large" color="primary" disabled={busy} onClick={() => void pay(intent.intentId)}>
          去支付
        </Button>
      ) : null}
      {sheet}
    </section>
  );
}
