import { CONSULT_ALREADY_ACCEPTED_CODE, CONSULT_SCREEN_MESSAGES } from '@glucoguard/domain';
import { isApiError, type Schema } from '@glucoguard/sdk';
import { Dialog } from 'antd-mobile';
import { useCallback } from 'react';
import { api } from '../../api';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';

/** What the screen does after the patient's cancel. */
export interface CancelOutcome {
  /** Cancelled (status 4): the answer's consultation; the refund is on its way. */
  cancelled(consult: Schema<'ConsultSession'>): void;
  /** 50008: the doctor accepted meanwhile; the consultation runs and its chat is where to go. */
  accepted(): void;
}

/**
 * The patient's cancel of a consultation waiting for the doctor (status 3, spec 3 §4, §8): a
 * confirm, then `cancel`; success says 取消成功，费用将自动原路退回（可能有延迟）, code 50008 says
 * 医生已接诊，无法取消，请继续咨询 and the chat opens (or stays). Repeated taps are ignored.
 */
export function useConsultCancel(): { busy: boolean; cancel: (sessionId: string, outcome: CancelOutcome) => void } {
  const { busy, run } = useSubmitGuard();
  const cancel = useCallback(
    (sessionId: string, outcome: CancelOutcome) => {
      void Dialog.confirm({
        content: CONSULT_SCREEN_MESSAGES.cancelConfirm,
        confirmText: '确定取消',
        cancelText: '再想想',
      }).then((confirmed) => {
        if (!confirmed) {
          return;
        }
        void run(async () => {
          try {
            const consult = await api().POST('/consult/v1/cancel', { body: { sessionId } });
            return () => {
              toast(CONSULT_SCREEN_MESSAGES.cancelSuccess);
              outcome.cancelled(consult);
            };
          } catch (error) {
            if (isApiError(error, CONSULT_ALREADY_ACCEPTED_CODE)) {
              return () => {
                toast(CONSULT_SCREEN_MESSAGES.cancelAccepted);
                outcome.accepted();
              };
            }
            return () => showError(error, '取消失败，请稍后再试');
          }
        });
      });
    },
    [run],
  );
  return { busy, cancel };
}
