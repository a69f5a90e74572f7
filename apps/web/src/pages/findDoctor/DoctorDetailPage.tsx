import { buyButton, centsToYuan, serviceDurationLabel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { DoctorCard } from './DoctorCard';
import { serviceDetailPath } from './findDoctorPaths';
import { useLatestConsult } from './useLatestConsult';
import styles from './DoctorDetailPage.module.css';

type Service = Schema<'DoctorServiceVo'>;

/**
 * /findDoctor/doctorDetail?doctorId&eleRxStatus (spec 3 §2.1): the doctor's profile (name, level,
 * organisation, department, strengths) and the services offered; a service opens its detail page,
 * where it is bought. Each service shows what its button will say (购买, 点击咨询 or 继续咨询).
 */
export default function DoctorDetailPage() {
  useDocumentTitle('医生主页');
  const [search] = useSearchParams();
  const doctorId = Number(search.get('doctorId') ?? '0');
  const doctor = useApiData(
    () => api().GET('/consult/v1/queryDoctor', { params: { query: { doctorId } } }),
    ['doctor', doctorId],
    { enabled: doctorId > 0 },
  );
  const services = useApiData(
    () => api().GET('/consult/v1/queryService', { params: { query: { doctorId } } }),
    ['services', doctorId],
    { enabled: doctorId > 0 },
  );
  const { latest } = useLatestConsult(doctorId);

  if (!(doctorId > 0) || doctor.failed) {
    return <EmptyState title="医生不存在" />;
  }
  if (!doctor.data) {
    return <PageLoading />;
  }
  const list: Service[] = services.data
    ? [...(services.data.onceConsult ? [services.data.onceConsult] : []), ...services.data.intervalConsults]
    : [];
  return (
    <div className={styles.page}>
      <section className={styles.profile} aria-label="医生信息">
        <DoctorCard doctor={doctor.data} showPrices={false} />
      </section>
      <section className={styles.services} aria-label="咨询服务">
        <h2 className={styles.heading}>咨询服务</h2>
        {services.data && list.length === 0 ? <p className={styles.none}>医生暂未开通咨询服务</p> : null}
        {list.map((service, index) => {
          const button = buyButton(service.serviceType, latest);
          return (
            <Link
              key={service.serviceId}
              className={styles.service}
              to={serviceDetailPath(service, index, latest)}
              aria-label={service.serviceName}
            >
              <span className={styles.serviceMain}>
                <span className={styles.serviceName}>{service.serviceName}</span>
                <span className={styles.serviceTime}>{serviceDurationLabel(service)}</span>
              </span>
              <span className={styles.price}>¥{centsToYuan(service.servicePrice)}</span>
              <span className={`${styles.tag} ${styles[button.tone]}`}>{button.label}</span>
            </Link>
          );
        })}
      </section>
    </div>
  );
}
