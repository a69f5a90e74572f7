import { ORDER_SCREEN_TEXTS } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Steps } from 'antd-mobile';
import { useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import styles from './Order.module.css';

/**
 * /order/logistics?orderId= (spec 3 §2.7): the courier, the tracking number, the delivery address
 * and the timeline of traces (acceptTime, acceptStation), newest first.
 */
export default function LogisticsPage() {
  useDocumentTitle('物流详情');
  const [query] = useSearchParams();
  const orderId = Number(query.get('orderId'));
  const valid = Number.isInteger(orderId) && orderId > 0;
  const read = useApiData(() => api().GET('/order/v1/logisticDtail', { params: { query: { orderId } } }), orderId, {
    enabled: valid,
  });
  if (!valid) {
    return <EmptyState title="订单不存在" />;
  }
  const info = read.data;
  if (!info) {
    if (read.failed) {
      const message = isApiError(read.error) && read.error.errMsg ? read.error.errMsg : '加载失败';
      return (
        <EmptyState title={message}>
          <Button onClick={read.reload}>点击重试</Button>
        </EmptyState>
      );
    }
    return <PageLoading />;
  }
  return (
    <div className={styles.page}>
      <section className={styles.section} aria-label="快递信息">
        <div className={styles.head}>
          <span className={styles.sectionTitle}>{info.shipperName}</span>
          <span className={styles.status} aria-label="物流状态">
            {info.stateLabel}
          </span>
        </div>
        <dl className={styles.pairs}>
          <dt>快递单号</dt>
          <dd aria-label="快递单号">{info.logisticCode}</dd>
          {info.shipperPhone ? (
            <>
              <dt>客服电话</dt>
              <dd aria-label="客服电话">
                <a className={styles.phone} href={`tel:${info.shipperPhone}`}>
                  {info.shipperPhone}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className={styles.section} aria-label="收货地址">
        <div className={styles.address}>
          <p>
            <strong>{info.consigneeName}</strong> {info.phone}
          </p>
          <p>{info.detailAddress}</p>
        </div>
      </section>
      <section className={styles.section} aria-label="物流轨迹">
        {info.providerError ? <p className={styles.note}>{info.providerError}</p> : null}
        {info.traces.length === 0 ? (
          <p className={styles.note}>{ORDER_SCREEN_TEXTS.noTraces}</p>
        ) : (
          <Steps direction="vertical" current={0} className={styles.traces}>
            {info.traces.map((trace, index) => (
              <Steps.Step
                key={`${trace.acceptTime}-${index}`}
                status={index === 0 ? 'process' : 'wait'}
                title={<span className={styles.traceStation}>{trace.acceptStation}</span>}
                description={<span className={styles.traceTime}>{trace.acceptTime}</span>}
              />
            ))}
          </Steps>
        )}
      </section>
    </div>
  );
}
