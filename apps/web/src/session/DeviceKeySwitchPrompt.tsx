import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { Button, Dialog } from 'antd-mobile';
import { useSubmitGuard } from '../hooks/useSubmitGuard';
import { api } from '../api';
import { useApiData } from '../hooks/useApiData';
import { useDeviceKeySwitch } from '../store/deviceKeySwitch';
import { switchDeviceKey } from './flow';
import styles from './DeviceKeySwitchPrompt.module.css';

type Account = Schema<'DeviceKeyAccount'>;
type Lookup = { state: 'loading' } | { state: 'found'; account: Account } | { state: 'unknown' };

/** The account as the dialog names it: 「张*国」, or a plain description when it has no name. */
function accountLabel(lookup: Lookup): string {
  if (lookup.state === 'found' && lookup.account.maskedName !== null && lookup.account.maskedName !== '') {
    return `「${lookup.account.maskedName}」`;
  }
  return '另一个人';
}

/**
 * The confirmation a `?deviceKey=` link needs before this browser, which has an account of its own,
 * switches to the link's account (issue 15 B). It names that account as the API masks it (张*国),
 * says in plain words what switching means and how to come back, and does nothing until a button
 * is tapped. Not switching keeps everything as it was.
 */
export function DeviceKeySwitchPrompt({ deviceKey }: { deviceKey: string }) {
  const { busy, run } = useSubmitGuard({ loader: false });
  const read = useApiData(() => api().POST('/login/v1/deviceKeyAccount', { body: { deviceKey } }), deviceKey, {
    clear: true,
    onError: (error) => {
      if (isApiError(error, 40400)) {
        // The messaging app signs this browser in; a device key would change nothing.
        useDeviceKeySwitch.getState().setPending(null);
      }
    },
  });
  const lookup: Lookup =
    read.data !== null
      ? { state: 'found', account: read.data }
      : read.failed
        ? { state: 'unknown' }
        : { state: 'loading' };

  const name = accountLabel(lookup);
  const title =
    lookup.state === 'loading'
      ? '正在查询链接里的账号…'
      : name === '另一个人'
        ? '切换到另一个账号吗？'
        : `切换到${name}的账号吗？`;
  const unregistered = lookup.state === 'found' && !lookup.account.registered;

  const stay = () => useDeviceKeySwitch.getState().setPending(null);
  const confirm = () => {
    void run(async () => {
      await switchDeviceKey(deviceKey);
      return undefined;
    });
  };

  return (
    <Dialog
      visible
      title={<span className={styles.deviceKeySwitchPromptText}>{title}</span>}
      closeOnMaskClick={false}
      actions={[]}
      content={
        <div>
          <p className={styles.paragraph}>
            您打开的链接里带有{name === '另一个人' ? '另一个账号' : `${name}这个账号`}的登录信息
            {unregistered ? '（这个账号还没有注册）' : ''}。切换后，这部手机上看到和记录的都是这个账号的数据。
          </p>
          <p className={styles.paragraph}>如果这不是您本人或家人的账号，请点「不切换」。</p>
          <p className={`${styles.paragraph} ${styles.paragraphVariant}`}>
            切换后，可以在「我的」页面点「切换回原账号」回来。
          </p>
          <div className={styles.deviceKeySwitchPromptBox}>
            <Button
              block
              color="primary"
              size="large"
              disabled={lookup.state === 'loading' || busy}
              onClick={confirm}
              className={styles.deviceKeySwitchPromptButton}
            >
              {name === '另一个人' ? '切换账号' : `切换到${name}`}
            </Button>
            <Button block size="large" disabled={busy} onClick={stay} className={styles.deviceKeySwitchPromptButton}>
              不切换，继续用我的账号
            </Button>
          </div>
        </div>
      }
    />
  );
}
