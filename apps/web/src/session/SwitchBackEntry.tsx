import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { previousDeviceKey, switchDeviceKey } from './flow';
import styles from './SwitchBackEntry.module.css';

/**
 * 切换回原账号: shown once this browser has switched accounts through a `?deviceKey=` link, so the
 * user can always get back to the account they had (issue 15 B). Switching back keeps the account
 * left behind as the one to switch back to again.
 */
export function SwitchBackEntry() {
  const [previous] = useState(previousDeviceKey);
  if (previous === null) {
    return null;
  }
  const ask = () => {
    void Dialog.confirm({
      title: <span className={styles.askText}>切换回原来的账号吗？</span>,
      content: (
        <p className={styles.askText2}>
          切换后，这部手机上看到和记录的是您原来账号的数据。现在这个账号不会被删除，以后也可以再切换过来。
        </p>
      ),
      confirmText: <span className={styles.askText3}>切换回原账号</span>,
      cancelText: <span className={styles.askText3}>取消</span>,
      onConfirm: () => switchDeviceKey(previous),
    });
  };
  return (
    <button type="button" onClick={ask} className={styles.switchBackEntryButton}>
      切换回原账号
    </button>
  );
}
