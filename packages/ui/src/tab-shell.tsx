import { Badge, SafeArea } from 'antd-mobile';
import type { ReactNode } from 'react';
import { describeUnreadCount, formatUnreadCount } from './unread';
import styles from './tab-shell.module.css';

export interface TabShellTab<K extends string = string> {
  key: K;
  title: string;
  /** The icon, or a function of whether the tab is active. */
  icon?: ReactNode | ((active: boolean) => ReactNode);
  /** Unread count shown on the tab (capped at 99+); 0 or absent shows nothing. */
  unread?: number;
}

export interface TabBarListProps<K extends string = string> {
  /** The name of the bar, e.g. 主导航. */
  label: string;
  tabs: readonly TabShellTab<K>[];
  activeKey: K;
  /** Called with another tab's key (a tap on the active tab reports nothing). */
  onChange: (key: K) => void;
}

/**
 * A bottom bar of tabs in the ARIA sense: a `tablist` of `button role="tab"` items with their
 * selected state, keyboard focus and a name that includes the unread count, each at least the main
 * controls' tap size tall. antd-mobile's TabBar renders plain divs without a role, so the bar is ours
 * and only the badge is antd-mobile's.
 */
export function TabBarList<K extends string>({ label, tabs, activeKey, onChange }: TabBarListProps<K>) {
  return (
    <div role="tablist" aria-label={label} className={styles.tabShellList}>
      {tabs.map((tab) => {
        const active = tab.key === activeKey;
        const badge = formatUnreadCount(tab.unread ?? 0) ?? undefined;
        const unread = describeUnreadCount(tab.unread ?? 0);
        const icon = typeof tab.icon === 'function' ? tab.icon(active) : tab.icon;
        return (
          <button
            key={tab.key}
            type="button"
            role="tab"
            aria-selected={active}
            aria-current={active ? 'page' : undefined}
            aria-label={unread === undefined ? tab.title : `${tab.title}，${unread}`}
            data-tab-key={tab.key}
            className={active ? `${styles.tabShellItem} ${styles.tabShellItemActive}` : styles.tabShellItem}
            onClick={() => {
              if (!active) {
                onChange(tab.key);
              }
            }}
          >
            {icon === undefined ? null : (
              <Badge content={badge} className={styles.tabShellBadge}>
                <span aria-hidden="true" className={styles.tabShellIcon}>
                  {icon}
                </span>
              </Badge>
            )}
            <span className={icon === undefined ? styles.tabShellTitleAlone : styles.tabShellTitle}>
              {icon === undefined && badge !== undefined ? <Badge content={badge}>{tab.title}</Badge> : tab.title}
            </span>
          </button>
        );
      })}
    </div>
  );
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
  return (
    <div className={styles.tabShellBox}>
      <main aria-label={tabs.find((tab) => tab.key === activeKey)?.title} className={styles.tabShellMain}>
        {children}
      </main>
      <nav aria-label="主导航" className={styles.tabShellNav}>
        <TabBarList label="主导航" tabs={tabs} activeKey={activeKey} onChange={onChange} />
        <SafeArea position="bottom" />
      </nav>
    </div>
  );
}
