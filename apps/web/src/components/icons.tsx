// Line icons drawn for the shell (24×24 grid, current colour).
import type { ReactNode } from 'react';
import styles from './icons.module.css';

function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export const HealthIcon = () => (
  <Icon>
    <path d="M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z" />
    <path d="M7 12h3l1.5-2.5L13.5 14l1.5-2H17" />
  </Icon>
);

export const AssistantIcon = () => (
  <Icon>
    <path d="M4 5h16v11H9l-5 4z" />
    <path d="M9 10h.01M12 10h.01M15 10h.01" strokeWidth="2.6" />
  </Icon>
);

export const MineIcon = () => (
  <Icon>
    <circle cx="12" cy="8" r="4" />
    <path d="M4 20c1.2-3.8 4.2-6 8-6s6.8 2.2 8 6" />
  </Icon>
);

export const ReportIcon = () => (
  <Icon>
    <path d="M4 20V4M4 20h16" />
    <path d="M7 15l4-4 3 3 5-6" />
  </Icon>
);

export const CircleIcon = () => (
  <Icon>
    <circle cx="9" cy="9" r="3" />
    <circle cx="17" cy="10" r="2.5" />
    <path d="M3 19c.8-3 3.2-5 6-5s5.2 2 6 5M15 14.5c2.6 0 4.6 1.6 5.3 4.5" />
  </Icon>
);

export const GiftIcon = () => (
  <Icon>
    <rect x="4" y="9" width="16" height="11" rx="1" />
    <path d="M3 9h18M12 9v11M12 9c-1-3-5-4-5-1.5S12 9 12 9zM12 9c1-3 5-4 5-1.5S12 9 12 9z" />
  </Icon>
);

export const UrineIcon = () => (
  <Icon>
    <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 1.8 3h10.4A2 2 0 0 0 19 18l-5-9V3" />
    <path d="M7.5 15h9" />
  </Icon>
);

export const DeviceIcon = () => (
  <Icon>
    <rect x="6" y="3" width="12" height="18" rx="2" />
    <rect x="8.5" y="6" width="7" height="5" rx="1" />
    <path d="M10 15h4M12 21v-3" />
  </Icon>
);

export const RobotIcon = () => (
  <Icon>
    <rect x="5" y="8" width="14" height="11" rx="3" />
    <path d="M12 8V5M12 4h.01M9.5 13h.01M14.5 13h.01M9.5 16h5" strokeWidth="2" />
  </Icon>
);

export const OrderIcon = () => (
  <Icon>
    <path d="M6 3h12v18l-3-2-3 2-3-2-3 2z" />
    <path d="M9 8h6M9 12h6" />
  </Icon>
);

export const FileIcon = () => (
  <Icon>
    <path d="M7 3h7l4 4v14H7z" />
    <path d="M14 3v4h4M10 13h5M12.5 10.5v5" />
  </Icon>
);

export const ScaleIcon = () => (
  <Icon>
    <rect x="4" y="4" width="16" height="16" rx="4" />
    <path d="M8.5 10a5 5 0 0 1 7 0M12 10l1.5-1.5" />
  </Icon>
);

export const CouponIcon = () => (
  <Icon>
    <path d="M4 7h16v3a2 2 0 0 0 0 4v3H4v-3a2 2 0 0 0 0-4z" />
    <path d="M14 7v10" strokeDasharray="2 2" />
  </Icon>
);

export const ChevronIcon = () => (
  <span className={styles.chevronIconText}>
    <Icon size={18}>
      <path d="M9 5l7 7-7 7" />
    </Icon>
  </span>
);

/** A tile icon: a glyph on a tinted rounded square. */
export function TileIcon({ color, tint, children }: { color: string; tint: string; children: ReactNode }) {
  return (
    <span className={styles.tileIconText} style={{ color, background: tint }}>
      {children}
    </span>
  );
}
