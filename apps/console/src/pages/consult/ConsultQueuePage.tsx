// 问诊队列 (doctor): the doctor's own consultations in three tabs — 待接诊 (status 3, the oldest
// submission first), 咨询中 (2) and 已结束 (0 and 4) — each with its count, ten a page. A row opens the
// consultation (ConsultPage). The tab and page are in the address, so 刷新 and the back button keep them;
// the queue is read again whenever the doctor comes back to the console's browser tab.
import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Space, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { CONSULT_TABS, isConsultTab, patientText, serviceText, statusColour, type ConsultTab } from './consultText';
import styles from './ConsultPage.module.css';

type Consult = Schema<'ConsoleConsult'>;

/** Consultations a page of the queue shows. */
export const QUEUE_PAGE_SIZE = 10;

/** The time a tab is about: submitted (waiting), accepted (running), ended (finished). */
const TIME_COLUMN: Record<ConsultTab, { title: string; of: (c: Consult) => string | null }> = {
  waiting: { title: '提交时间', of: (c) => c.submitTime },
  active: { title: '接诊时间', of: (c) => c.acceptTime },
  finished: { title: '结束时间', of: (c) => c.endTime },
};

export default function ConsultQueuePage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('state');
  const state: ConsultTab = isConsultTab(asked) ? asked : 'waiting';
  const pageNo = Math.max(1, Number(params.get('page')) || 1);
  const queue = useConsoleData(
    (signal) =>
      api.GET('/console/v1/consults', { params: { query: { state, pageNo, pageSize: QUEUE_PAGE_SIZE } }, signal }),
    [state, pageNo],
  );

  // A doctor coming back to the console's tab sees who is waiting now.
  const { reload } = queue;
  useEffect(() => {
    const back = () => {
      if (document.visibilityState === 'visible') {
        reload();
      }
    };
    document.addEventListener('visibilitychange', back);
    return () => document.removeEventListener('visibilitychange', back);
  }, [reload]);

  const columns: TableColumnsType<Consult> = [
    {
      title: '患者',
      key: 'patient',
      render: (_value, consult) => (
        <Link to={`/consults/${consult.consultId}`} className={styles.patientLink}>
          {patientText(consult.patient)}
        </Link>
      ),
    },
    {
      title: '服务',
      key: 'service',
      render: (_value, consult) => {
        const service = serviceText(consult);
        return (
          <Space direction="vertical" size={0}>
            <span>{service.name}</span>
            <Typography.Text type="secondary">{service.type}</Typography.Text>
          </Space>
        );
      },
    },
    {
      title: '病情描述',
      key: 'desc',
      ellipsis: true,
      render: (_value, consult) => consult.diagnosticInfo?.desc ?? '—',
    },
    {
      title: TIME_COLUMN[state].title,
      key: 'time',
      width: 190,
      render: (_value, consult) => formatTime(TIME_COLUMN[state].of(consult)),
    },
    {
      title: '状态',
      key: 'status',
      width: 100,
      render: (_value, consult) => <Tag color={statusColour(consult.status)}>{consult.statusLabel}</Tag>,
    },
    {
      title: '操作',
      key: 'open',
      width: 100,
      render: (_value, consult) => (
        <Link to={`/consults/${consult.consultId}`} aria-label={`查看 ${consult.patient.name || '患者'} 的咨询`}>
          {state === 'waiting' ? '去接诊' : '查看'}
        </Link>
      ),
    },
  ];

  const counts = queue.data?.counts;
  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          问诊队列
        </Typography.Title>
      }
      extra={
        <Button icon={<ReloadOutlined />} onClick={queue.reload}>
          刷新
        </Button>
      }
    >
      <Tabs
        activeKey={state}
        onChange={(key) => setParams({ state: key })}
        items={CONSULT_TABS.map((tab) => ({
          key: tab.state,
          label: (
            <span data-testid={`consult-tab-${tab.state}`}>
              {tab.label}
              <Badge
                className={styles.tabCount}
                count={counts?.[tab.state] ?? 0}
                showZero
                overflowCount={999}
                color={tab.state === 'waiting' && (counts?.waiting ?? 0) > 0 ? 'orange' : 'blue'}
              />
            </span>
          ),
        }))}
      />
      <Table<Consult>
        rowKey="consultId"
        columns={columns}
        dataSource={queue.data?.items ?? []}
        loading={queue.loading}
        locale={{
          emptyText:
            state === 'waiting' ? '暂无待接诊的咨询' : state === 'active' ? '暂无进行中的咨询' : '暂无已结束的咨询',
        }}
        pagination={{
          current: pageNo,
          pageSize: QUEUE_PAGE_SIZE,
          total: queue.data?.total ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: (page) => setParams({ state, page: String(page) }),
        }}
      />
    </Card>
  );
}
