import styles from './AddButton.module.css';
/** The round floating add button above the bottom tabs. */
export function AddButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <button type="button" aria-label={label} onClick={onClick} className={styles.addButtonButton}>
      +
    </button>
  );
}
