import { FOLLOW_MESSAGES } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, Tabs } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError } from '../../ui/toast';
import { FollowingBpView } from './FollowingBpView';
import { FOLLOWING_LIST_PATH } from './followApi';
import { FollowingSugarView } from './FollowingSugarView';
import styles from './FollowingReportPage.module.css';

/**
 * /friend/friendReportList?id&name[&tab=pressure] (spec 2 §2.15): a followed patient's sugar and pressure, read
 * only, while their consent stands. Without it (never given, or revoked) the page says so instead.
 */
export default function FollowingReportPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const customerId = search.get('id') ?? '';
  const name = search.get('name') ?? '亲友';
  useDocumentTitle(`${name}的健康数据`);
  // A relative who just recorded a pressure reading for the patient lands on its tab (?tab=pressure).
  const [tab, setTab] = useState(() => (search.get('tab') === 'pressure' ? 'pressure' : 'sugar'));

  // One cheap call tells whether the patient's consent stands before the views load.
  const check = useApiData(
    () => api().GET('/follower/v1/queryIFocusStat', { params: { query: { customerId, dateType: 1 } } }),
    customerId,
    {
      onError: (error) => {
        if (!isApiError(error, 40300)) {
          showError(error);
        }
      },
    },
  );
  const access = check.failed ? 'denied' : check.data === null ? 'checking' : 'granted';

  if (access === 'checking') {
    return <PageLoading />;
  }
  if (access === 'denied') {
    return (
      <EmptyState title={FOLLOW_MESSAGES.noGrant}>
        <Button color="primary" onClick={() => void navigate(FOLLOWING_LIST_PATH, { replace: true })}>
          返回亲友列表
        </Button>
      </EmptyState>
    );
  }
  return (
    <div className={styles.followingReportPageBox}>
      <Tabs activeKey={tab} onChange={setTab} className={styles.followingReportPageTabs}>
        <Tabs.Tab title="血糖" key="sugar" />
        <Tabs.Tab title="血压" key="pressure" />
      </Tabs>
      {tab === 'sugar' ? <FollowingSugarView customerId={customerId} /> : <FollowingBpView customerId={customerId} />}
    </div>
  );
}
