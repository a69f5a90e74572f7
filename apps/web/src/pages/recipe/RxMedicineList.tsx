import { formatRxDuration } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import styles from './Recipe.module.css';

type Medicine = Schema<'RxMedicineVo'>;

/** The medicines of a prescription or an advice: name and specification, how to take them, how many and how long. */
export function RxMedicineList({ medicines, label }: { medicines: readonly Medicine[]; label: string }) {
  return (
    <ul aria-label={label} className={styles.medicines}>
      {medicines.map((m) => (
        <li key={m.medicineId} className={styles.medicine}>
          <span className={styles.medicineHead}>
            <span className={styles.medicineName}>{m.medicineName}</span>
            <span className={styles.medicineNumber}>
              ×{m.number}
              {m.packingUnit}
            </span>
          </span>
          <span className={styles.muted}>{m.specification}</span>
          <span className={styles.usage}>
            {m.usagedName} · {m.rateName} · 每次{m.dosage}
            {m.dosageUnit} · 服用{formatRxDuration(m.time, m.timeUnit)}
          </span>
        </li>
      ))}
    </ul>
  );
}
