import { TRUNCATE, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { PersonAvatar } from '@glucoguard/ui';
import type { ReactNode } from 'react';
import { imageUrl, useSession } from '../../store/session';
import styles from './DoctorSummary.module.css';

/** A consultation's doctor: photo, name, level, organisation (16 characters) and department. */
export function DoctorSummary({ doctor, children }: { doctor: Schema<'ConsultDoctor'>; children?: ReactNode }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const place = [truncate(doctor.organizationName, TRUNCATE.organisationName), doctor.departmentName]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <section aria-label="医生" className={styles.doctor}>
      <PersonAvatar name={doctor.nickName} url={imageUrl(doctor.headImg, imgDomain)} sex={doctor.sex} size={56} />
      <span className={styles.text}>
        <span className={styles.name}>
          {doctor.nickName}
          {doctor.professionalLevelName ? <span className={styles.level}>{doctor.professionalLevelName}</span> : null}
        </span>
        {place === '' ? null : <span className={styles.place}>{place}</span>}
      </span>
      {children}
    </section>
  );
}
