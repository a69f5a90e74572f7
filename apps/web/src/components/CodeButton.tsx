import { CODE_COUNTDOWN_SECONDS, codeCountdownLabel } from '@glucoguard/domain';
import type { ValidationResult } from '@glucoguard/domain';
import { Button } from 'antd-mobile';
import { useSubmitGuard } from '../hooks/useSubmitGuard';
import { api } from '../api';
import { useCountdown } from '../hooks/useCountdown';
import { showError, toast } from '../ui/toast';
import styles from './CodeButton.module.css';

export interface CodeButtonProps {
  phone: string;
  purpose: 'register' | 'updatePhone';
  /** Checks the phone before a code is asked for; its message is shown when it fails. */
  validatePhone: (phone: string) => ValidationResult;
}

/**
 * 获取验证码: asks for an SMS code, then stays disabled for 120 s showing '{n}秒后获取'
 * (spec §4), and resets to 获取验证码.
 */
export function CodeButton({ phone, purpose, validatePhone }: CodeButtonProps) {
  const { secondsLeft, start } = useCountdown();
  const { busy: sending, run } = useSubmitGuard({ loader: false });

  const send = async () => {
    const check = validatePhone(phone);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    await run(async () => {
      try {
        await api().POST('/shortMsg/v1/getCode', { body: { phone: phone.trim(), purpose } });
        start(CODE_COUNTDOWN_SECONDS);
      } catch (error) {
        showError(error);
      }
      return undefined;
    });
  };

  return (
    <Button
      size="small"
      color="primary"
      fill="outline"
      disabled={secondsLeft > 0 || sending}
      onClick={() => void send()}
      className={styles.codeButtonButton}
    >
      {codeCountdownLabel(secondsLeft)}
    </Button>
  );
}
