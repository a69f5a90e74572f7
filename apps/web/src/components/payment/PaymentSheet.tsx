import { centsToYuan, paymentOutcomeFromBridge, paymentResultMessage, type PaymentOutcome } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { api } from '../../api';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import styles from './PaymentSheet.module.css';

type PayParams = Schema<'PaymentPrepay'>['payParams'];
type Intent = Schema<'PaymentIntent'>;

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: PayParams, done: (answer: { err_msg: string }) => void): void;
}

/** WeChat Pay's sheet inside the messaging app; any other browser has no bridge and fails. */
function payWithBridge(params: PayParams): Promise<PaymentOutcome> {
  const bridge = (window as { WeixinJSBridge?: WeixinJSBridge }).WeixinJSBridge;
  if (!bridge) {
    return Promise.resolve('failed');
  }
  return new Promise((resolve) => {
    bridge.invoke('getBrandWCPayRequest', params, (answer) => resolve(paymentOutcomeFromBridge(answer.err_msg)));
  });
}

/**
 * Pays a payment intent: prepays it, then WeChat Pay's own sheet (WeixinJSBridge) with the
 * `wechatpay` provider, or our payment sheet (支付 / 取消) with the `local` one. The result is
 * shown in the spec's words (支付成功, 支付失败！请重试, 支付取消) and handed to `onResult`; the
 * server's notify, not this answer, settles the intent.
 */
export function usePayIntent(onResult?: (outcome: PaymentOutcome) => void) {
  const guard = useSubmitGuard();
  const [localIntent, setLocalIntent] = useState<Intent | null>(null);

  const finish = useCallback(
    (outcome: PaymentOutcome) => {
      toast(paymentResultMessage(outcome));
      onResult?.(outcome);
    },
    [onResult],
  );

  const pay = useCallback(
    (intentId: string) =>
      guard.run(async () => {
        try {
          const { intent, payParams } = await api().POST('/payment/v1/prepay', { body: { intentId } });
          if (intent.provider === 'local') {
            return () => setLocalIntent(intent);
          }
          const outcome = await payWithBridge(payParams);
          return () => finish(outcome);
        } catch (error) {
          return () => showError(error, paymentResultMessage('failed'));
        }
      }),
    [guard, finish],
  );

  const answerLocal = useCallback(
    (action: 'pay' | 'cancel') =>
      guard.run(async () => {
        const intent = localIntent;
        if (!intent) {
          return undefined;
        }
        try {
          const result = await api().POST('/payment/v1/localPay', { body: { intentId: intent.intentId, action } });
          return () => {
            setLocalIntent(null);
            finish(result.outcome);
          };
        } catch (error) {
          return () => showError(error, paymentResultMessage('failed'));
        }
      }),
    [guard, localIntent, finish],
  );

  const sheet = (
    <Popup
      visible={localIntent !== null}
      position="bottom"
      bodyClassName={styles.paymentSheet}
      onMaskClick={() => void answerLocal('cancel')}
    >
      {localIntent ? (
        <div role="dialog" aria-label="支付">
          <h2 className={styles.paymentSheetTitle}>支付</h2>
          <p className={styles.paymentSheetSubject}>{localIntent.description}</p>
          <p className={styles.paymentSheetAmount}>¥{centsToYuan(localIntent.amountCents)}</p>
          <p className={styles.paymentSheetNote}>本地演示支付，不会真实扣款</p>
          <div className={styles.paymentSheetActions}>
            <Button size="large" disabled={guard.busy} onClick={() => void answerLocal('cancel')}>
              取消
            </Button>
            <Button size="large" color="primary" disabled={guard.busy} onClick={() => void answerLocal('pay')}>
              支付
            </Button>
          </div>
        </div>
      ) : null}
    </Popup>
  );

  return { pay, sheet, busy: guard.busy };
}
