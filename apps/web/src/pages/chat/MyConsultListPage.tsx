import { CONSULT_STATUS_LABELS, REGISTER_PATH, formatChinaTime, type ConsultStatus } from '@glucoguard/domain';
import { EmptyState, UnreadBadge } from '@glucoguard/ui';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { isRegistered, useSession } from '../../store/session';
import styles from './MyConsultListPage.module.css';

/** The chat screen's address for a session (spec 3 §2.1 query toId, toName, sessionId, status, type). */
function chatPath(item: {
  sessionId: string;
  status: number;
  sessionType: number;
  doctorId: string;
  doctorName: string;
}) {
  const query = new URLSearchParams({
    toId: item.doctorId,
    toName: item.doctorName,
    sessionId: item.sessionId,
    status: String(item.status),
    type: String(item.sessionType),
  });
  return `/findDoctor/C2CChat?${query.toString()}`;
}

/**
 * /findDoctor/myConsultList (spec 3 §2.1 'Messages'): the patient's consultations with their doctor,
 * status, last message, time and unread count (99+ above 99); a card opens its chat. Reached from
 * the 我的 tab's 在线问诊 entry (docs/adr/0128). Visitors see no data.
 */
export default function MyConsultListPage() {
  useDocumentTitle('消息');
  const registered = useSession((state) => isRegistered(state.customer) && state.token !== null);
  const read = useApiData(
    () => api().GET('/consult/v1/queryMyChatSessions', { params: { query: { pageSize: 20 } } }),
    '',
    {
      enabled: registered,
    },
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
  if (!read.data) {
    return read.failed ? <EmptyState title="加载失败" description="请稍后再试" /> : <PageLoading />;
  }
  if (read.data.items.length === 0) {
    return <EmptyState description="您还没有问诊消息" />;
  }
  return (
    <ul aria-label="问诊消息" className={styles.list}>
      {read.data.items.map((item) => {
        const doctorName = item.doctor?.name || '医生';
        return (
          <li key={item.sessionId}>
            <Link
              className={styles.card}
              to={chatPath({
                sessionId: item.sessionId,
                status: item.status,
                sessionType: item.sessionType,
                doctorId: item.doctor?.imUserId ?? '',
                doctorName,
              })}
            >
              <span className={styles.head}>
                <span className={styles.name}>
                  {doctorName}
                  {item.doctor?.title ? <span className={styles.title}>{item.doctor.title}</span> : null}
                </span>
                <span className={styles.status}>{CONSULT_STATUS_LABELS[item.status as ConsultStatus] ?? ''}</span>
              </span>
              {item.doctor?.hospital ? <span className={styles.hospital}>{item.doctor.hospital}</span> : null}
              <span className={styles.foot}>
                <span className={styles.summary}>{item.lastMessage?.summary ?? '暂无消息'}</span>
                <UnreadBadge count={item.unreadCount} />
              </span>
              {item.lastMessage ? (
                <span className={styles.time}>{formatChinaTime(item.lastMessage.time, 'YYYY-MM-DD HH:mm')}</span>
              ) : null}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
