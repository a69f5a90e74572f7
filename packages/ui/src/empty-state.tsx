import type { ReactNode } from 'react';

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
    <div
      role="status"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        padding: '40px 24px',
        color: 'var(--adm-color-weak)',
        textAlign: 'center',
      }}
    >
      <svg width="72" height="56" viewBox="0 0 72 56" aria-hidden="true" focusable="false">
        <ellipse cx="36" cy="50" rx="28" ry="4" fill="#eef0f3" />
        <rect x="14" y="10" width="44" height="34" rx="6" fill="#f5f6f8" stroke="#d9dce1" strokeWidth="2" />
        <path d="M14 26h14l4 6h8l4-6h14" fill="none" stroke="#d9dce1" strokeWidth="2" />
      </svg>
      <div style={{ marginTop: 12, fontSize: 15, color: 'var(--adm-color-text-secondary)' }}>{title}</div>
      {description === undefined ? null : (
        <div style={{ marginTop: 6, fontSize: 13, lineHeight: 1.5 }}>{description}</div>
      )}
      {children === undefined ? null : <div style={{ marginTop: 16 }}>{children}</div>}
    </div>
  );
}
