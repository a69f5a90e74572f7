import { TRUNCATE, centsToYuan, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { PersonAvatar } from '@glucoguard/ui';
import styles from './DoctorCard.module.css';

type Doctor = Schema<'ConsultDoctorVo'>;

/** The card's price line: the single consultation, and the cheapest package as 起. */
function Prices({ doctor }: { doctor: Doctor }) {
  if (doctor.servicePrice === null && doctor.minServicePackagePrice === null) {
    return null;
  }
  return (
    <p className={styles.prices}>
      {doctor.servicePrice !== null ? (
        <span>
          图文咨询 <strong className={styles.price}>¥{centsToYuan(doctor.servicePrice)}</strong>
        </span>
      ) : null}
      {doctor.minServicePackagePrice !== null ? (
        <span>
          服务包 <strong className={styles.price}>¥{centsToYuan(doctor.minServicePackagePrice)}</strong>起
        </span>
      ) : null}
    </p>
  );
}

/**
 * A doctor as the find-doctor list and the doctor page show one (spec 3 §2.1, §9): photo, name and
 * level, organisation cut at 16 characters and department, strengths cut at 36, 可开处方 when the
 * doctor may prescribe, and (in the list) the prices.
 */
export function DoctorCard({ doctor, showPrices = true }: { doctor: Doctor; showPrices?: boolean }) {
  return (
    <div className={styles.card}>
      <PersonAvatar name={doctor.nickName} url={doctor.headImg || null} sex={doctor.sex} size={64} />
      <div className={styles.body}>
        <p className={styles.title}>
          <span className={styles.name}>{doctor.nickName}</span>
          <span className={styles.level}>{doctor.professionalLevelName}</span>
          {doctor.job ? <span className={styles.level}>{doctor.job}</span> : null}
        </p>
        <p className={styles.place}>
          {truncate(doctor.organizationName, TRUNCATE.organisationName)} {doctor.departmentName}
        </p>
        {doctor.eleRxStatus === 1 ? <span className={styles.rx}>可开处方</span> : null}
        {doctor.remark ? <p className={styles.remark}>擅长：{truncate(doctor.remark, TRUNCATE.strengths)}</p> : null}
        {showPrices ? <Prices doctor={doctor} /> : null}
      </div>
    </div>
  );
}
