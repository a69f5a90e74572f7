import { TRUNCATE, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import styles from './Recipe.module.css';

/** The doctor who wrote a prescription or an advice: name, level, organisation (16 characters) and department. */
export function RxDoctor({ doctor }: { doctor: Schema<'RxDoctorVo'> }) {
  const place = [truncate(doctor.organizationName, TRUNCATE.organisationName), doctor.department]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <span className={styles.doctor}>
      <span className={styles.doctorName}>
        {doctor.userName || '医生'}
        {doctor.professionalLevel ? <span className={styles.level}>{doctor.professionalLevel}</span> : null}
      </span>
      {place === '' ? null : <span className={styles.muted}>{place}</span>}
    </span>
  );
}
