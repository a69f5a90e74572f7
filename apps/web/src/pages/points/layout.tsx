import type { CSSProperties, ReactNode } from 'react';

/** A white card on the grey page background, as the points pages use them. */
export const card: CSSProperties = {
  margin: '12px 12px 0',
  borderRadius: 12,
  background: 'var(--adm-color-background)',
  overflow: 'hidden',
};

/** The coloured header of the points and sign-in pages. */
export function PointsHeader({ children }: { children: ReactNode }) {
  return (
    <header
      style={{
        padding: '24px 20px 28px',
        color: '#fff',
        background:
          'linear-gradient(160deg, var(--adm-color-primary), var(--brand-color-deep, var(--adm-color-primary)))',
      }}
    >
      {children}
    </header>
  );
}

/** A figure with its label under it (我的积分 / 本月积分 …). */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div aria-label={label} style={{ flex: 1, textAlign: 'center' }}>
      <div style={{ fontSize: 28, fontWeight: 700, lineHeight: 1.2 }}>{value}</div>
      <div style={{ fontSize: 13, opacity: 0.85, marginTop: 4 }}>{label}</div>
    </div>
  );
}

/** The page behind the cards. */
export function PointsPage({ children }: { children: ReactNode }) {
  return <div style={{ minHeight: '100%', background: 'var(--adm-color-box)', paddingBottom: 24 }}>{children}</div>;
}

/** A section title inside a card, with an optional link on the right. */
export function CardTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', padding: '14px 16px 6px' }}>
      <h2 style={{ margin: 0, fontSize: 16, fontWeight: 600 }}>{title}</h2>
      {extra}
    </div>
  );
}
