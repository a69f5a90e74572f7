import type { ReactNode } from 'react';
import styles from './layout.module.css';

/** The class of a white card on the grey page background, as the points pages use them. */
export const card = styles.card;

/** The coloured header of the points and sign-in pages. */
export function PointsHeader({ children }: { children: ReactNode }) {
  return <header className={styles.pointsHeaderHeader}>{children}</header>;
}

/** A figure with its label under it (我的积分 / 本月积分 …). */
export function Figure({ label, value }: { label: string; value: ReactNode }) {
  return (
    <div aria-label={label} className={styles.figureBox}>
      <div className={styles.figureBox2}>{value}</div>
      <div className={styles.figureBox3}>{label}</div>
    </div>
  );
}

/** The page behind the cards. */
export function PointsPage({ children }: { children: ReactNode }) {
  return <div className={styles.pointsPageBox}>{children}</div>;
}

/** A section title inside a card, with an optional link on the right. */
export function CardTitle({ title, extra }: { title: string; extra?: ReactNode }) {
  return (
    <div className={styles.cardTitleBox}>
      <h2 className={styles.cardTitleHeading}>{title}</h2>
      {extra}
    </div>
  );
}
