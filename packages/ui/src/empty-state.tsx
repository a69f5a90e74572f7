import type { ReactNode } from 'react';
import styles from './empty-state.module.css';
import { tokens } from './tokens';

export interface EmptyStateProps {
  /** Main line; the spec's wording 暂无数据 by default. */
  title?: ReactNode;
  /** Optional second line explaining why or what to do. */
  description?: ReactNode;
  /** Optional action, e.g. a button or link. */
  children?: ReactNode;
}

/** The empty state of a list or panel: a light illustration, a title and an optional hint. */
export function EmptyState({ title = '暂无数据', description, children }: EmptyStateProps) {
  return (
    <div role="status" className={styles.emptyStateBox}>
      <svg width="72" height="56" viewBox="0 0 72 56" aria-hidden="true" focusable="false">
        <ellipse cx="36" cy="50" rx="28" ry="4" fill={tokens.colorIllustrationShadow} />
        <rect
          x="14"
          y="10"
          width="44"
          height="34"
          rx="6"
          fill={tokens.colorPage}
          stroke={tokens.colorIllustrationLine}
          strokeWidth="2"
        />
        <path d="M14 26h14l4 6h8l4-6h14" fill="none" stroke={tokens.colorIllustrationLine} strokeWidth="2" />
      </svg>
      <div className={styles.emptyStateBox2}>{title}</div>
      {description === undefined ? null : <div className={styles.emptyStateBox3}>{description}</div>}
      {children === undefined ? null : <div className={styles.emptyStateBox4}>{children}</div>}
    </div>
  );
}
