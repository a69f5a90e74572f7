import { PAGE_SIZES, REGISTER_PATH, TRUNCATE, formatChinaTime, truncate } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, InfiniteList, UnreadBadge } from '@glucoguard/ui';
import { useCallback } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { isRegistered, useSession } from '../../store/session';
import { FIND_DOCTOR_PATH, consultEntryPath } from './consultPaths';
import styles from './MyConsultListPage.module.css';

type ConsultCard = Schema<'ConsultListItem'>;

const time = (ms: number) => formatChinaTime(ms, 'YYYY-MM-DD HH:mm');

function Card({ item }: { item: ConsultCard }) {
  const { doctor } = item;
  const place = [truncate(doctor.organizationName, TRUNCATE.organisationName), doctor.departmentName]
    .filter((part) => part !== '')
    .join(' · ');
  return (
    <Link className={styles.card} to={consultEntryPath(item)}>
      <span className={styles.head}>
        <span className={styles.name}>
          {doctor.nickName || '医生'}
          {doctor.professionalLevelName ? <span className={styles.title}>{doctor.professionalLevelName}</span> : null}
        </span>
        <span className={styles.status} data-status={item.status}>
          {item.statusLabel}
        </span>
      </span>
      {place === '' ? null : <span className={styles.hospital}>{place}</span>}
      <span className={styles.foot}>
        <span className={styles.summary}>{item.lastMessage?.summary ?? item.serviceName}</span>
        <UnreadBadge count={item.unreadCount} />
      </span>
      <span className={styles.time}>下单时间 {time(item.orderCreateTime)}</span>
    </Link>
  );
}

/**
 * /findDoctor/myConsultList (spec 3 §2.1 'Messages'): the patient's consultations in pages of 10 —
 * doctor, level, organisation (16 characters), department, order time, status, the last message
 * and the unread count (99+ above 99). A paid single consultation not yet described opens the
 * submission page, any other the chat (domain `consultEntryTarget`). Visitors see no data.
 */
export default function MyConsultListPage() {
  useDocumentTitle('消息');
  const registered = useSession((state) => isRegistered(state.customer) && state.token !== null);
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/consult/v1/pagedQueryList', { params: { query: { pageNo, pageSize: PAGE_SIZES.consults } } }),
    [],
  );
  if (!registered) {
    return (
      <EmptyState description="注册登录后可查看您的问诊消息">
        <Link to={REGISTER_PATH} className={styles.link}>
          去注册登录
        </Link>
      </EmptyState>
    );
  }
  return (
    <div className={styles.page}>
      {/* The way to a new consultation for a patient who already has some (ADR 0147). */}
      <Link to={FIND_DOCTOR_PATH} className={styles.findDoctor}>
        找医生，在线咨询
      </Link>
      <InfiniteList<ConsultCard>
        aria-label="问诊消息"
        loadPage={loadPage}
        itemKey={(item) => item.sessionId}
        emptyText="您还没有问诊消息"
        emptyExtra={
          <Link to={FIND_DOCTOR_PATH} className={styles.link}>
            去找医生
          </Link>
        }
        finishedText="没有更多了"
        renderItem={(item) => <Card item={item} />}
      />
    </div>
  );
}
