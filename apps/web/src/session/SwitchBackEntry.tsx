import { Dialog } from 'antd-mobile';
import { useState } from 'react';
import { previousDeviceKey, switchDeviceKey } from './flow';

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
      title: <span style={{ fontSize: 20 }}>切换回原来的账号吗？</span>,
      content: (
        <p style={{ margin: 0, fontSize: 17, lineHeight: 1.6 }}>
          切换后，这部手机上看到和记录的是您原来账号的数据。现在这个账号不会被删除，以后也可以再切换过来。
        </p>
      ),
      confirmText: <span style={{ fontSize: 18 }}>切换回原账号</span>,
      cancelText: <span style={{ fontSize: 18 }}>取消</span>,
      onConfirm: () => switchDeviceKey(previous),
    });
  };
  return (
    <button
      type="button"
      onClick={ask}
      style={{
        display: 'block',
        width: 'calc(100% - 24px)',
        margin: '12px',
        padding: '14px 16px',
        border: 'none',
        borderRadius: 12,
        background: 'var(--adm-color-background)',
        color: 'var(--adm-color-primary)',
        font: 'inherit',
        fontSize: 17,
        textAlign: 'center',
      }}
    >
      切换回原账号
    </button>
  );
}
