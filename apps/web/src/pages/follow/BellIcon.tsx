import styles from './BellIcon.module.css';
import { tokens } from '@glucoguard/ui';
/** The notification icon of a friend: a bell, struck through when the friend's reading notices are off. */
export function BellIcon({ on }: { on: boolean }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      role="img"
      aria-label={on ? '测量提醒已开启' : '测量提醒已关闭'}
      className={styles.bellIconIcon}
    >
      <path
        d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
        fill="none"
        stroke={on ? 'var(--gg-color-primary)' : tokens.colorIconOff}
        strokeWidth="1.8"
        strokeLinejoin="round"
      />
      {on ? null : <path d="M4 4l16 16" stroke={tokens.colorIconOff} strokeWidth="1.8" />}
    </svg>
  );
}
