import { TabBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { formatUnreadCount } from './unread';
import styles from './tab-shell.module.css';

export interface TabShellTab<K extends string = string> {
  key: K;
  title: string;
  /** The icon, or a function of whether the tab is active. */
  icon?: ReactNode | ((active: boolean) => ReactNode);
  /** Unread count shown on the tab (capped at 99+); 0 or absent shows nothing. */
  unread?: number;
}

export interface TabShellProps<K extends string = string> {
  tabs: readonly TabShellTab<K>[];
  activeKey: K;
  onChange: (key: K) => void;
  /** The active tab's content. */
  children: ReactNode;
}

/**
 * A full-height phone layout: a scrolling content area above a bottom tab bar that respects
 * the home-indicator safe area. The caller owns the active tab (e.g. keeps it in the URL).
 */
export function TabShell<K extends string>({ tabs, activeKey, onChange, children }: TabShellProps<K>) {
  const byKey = new Map<string, K>(tabs.map((tab) => [tab.key, tab.key]));
  return (
    <div className={styles.tabShellBox}>
      <main aria-label={tabs.find((tab) => tab.key === activeKey)?.title} className={styles.tabShellMain}>
        {children}
      </main>
      <nav aria-label="主导航" className={styles.tabShellNav}>
        <TabBar
          activeKey={activeKey}
          safeArea
          onChange={(key) => {
            const known = byKey.get(key);
            if (known !== undefined && known !== activeKey) {
              onChange(known);
            }
          }}
        >
          {tabs.map((tab) => (
            <TabBar.Item
              key={tab.key}
              title={tab.title}
              icon={tab.icon}
              badge={formatUnreadCount(tab.unread ?? 0)}
              aria-current={tab.key === activeKey ? 'page' : undefined}
              data-tab-key={tab.key}
            />
          ))}
        </TabBar>
      </nav>
    </div>
  );
}
