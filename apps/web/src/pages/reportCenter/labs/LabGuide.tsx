import { labGuide } from '@glucoguard/domain';
import type { LabKind } from './types';
import styles from './LabGuide.module.css';

/**
 * Under an empty ketone or uric acid list or chart: what the reading is, its reference range and
 * how readings arrive (by hand — no meter we bind measures them), in the domain's words.
 */
export function LabGuide({ kind }: { kind: LabKind }) {
  const guide = labGuide(kind);
  return (
    <section aria-label="说明" className={styles.guide}>
      <p className={styles.line}>{guide.what}</p>
      <p className={styles.line}>{guide.range}</p>
      <p className={`${styles.line} ${styles.how}`}>{guide.how}</p>
    </section>
  );
}
