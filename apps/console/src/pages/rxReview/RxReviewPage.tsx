// 处方审核 (pharmacist): the prescriptions waiting for review, oldest first, and those reviewed,
// newest first; a prescription's view (patient, doctor, diagnosis, medicines) with 通过 or 驳回 and a
// reason. Pharmacists see prescriptions only, never the chat. Every list, view and verdict is
// written to the audit trail by the API (docs/adr/0159-pharmacist-review-in-the-console.md).
import { ReloadOutlined } from '@ant-design/icons';
import { Badge, Button, Card, Table, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { RX_STATUS_LABELS, type RxStatus } from '@glucoguard/domain';
import { api } from '../../api';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { RxReviewDrawer } from './RxReviewDrawer';
import { patientLine, rxStatusColour, type Prescription } from './rxText';
import styles from './RxReviewPage.module.css';

type State = 'pending' | 'reviewed';
const PAGE_SIZE = 10;

export default function RxReviewPage() {
  const [state, setState] = useState<State>('pending');
  const [pageNo, setPageNo] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/rx/reviews', { params: { query: { state, pageNo, pageSize: PAGE_SIZE } }, signal }),
    [state, pageNo],
  );

  const columns: TableColumnsType<Prescription> = [
    { title: '处方编号', dataIndex: 'rxCode', key: 'rxCode' },
    { title: '患者', key: 'patient', render: (_value, rx) => patientLine(rx.patient) },
    {
      title: '开方医生',
      key: 'doctor',
      render: (_value, rx) => (
        <div className={styles.twoLines}>
          <span>{rx.doctor.userName}</span>
          <Typography.Text type="secondary">{rx.doctor.organizationName}</Typography.Text>
        </div>
      ),
    },
    {
      title: '药品',
      key: 'medicines',
      render: (_value, rx) => (
        <span className={styles.medicines} title={rx.medicines.map((m) => m.medicineName).join('、')}>
          {rx.medicines.map((m) => m.medicineName).join('、')}
        </span>
      ),
    },
    {
      title: '开具 / 审核时间',
      key: 'time',
      render: (_value, rx) => (
        <div className={styles.twoLines}>
          <span>{formatTime(rx.createTime)}</span>
          {rx.auditTime && <Typography.Text type="secondary">审核 {formatTime(rx.auditTime)}</Typography.Text>}
        </div>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      key: 'status',
      render: (status: RxStatus) => <Tag color={rxStatusColour(status)}>{RX_STATUS_LABELS[status]}</Tag>,
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, rx) => (
        <Button
          type="link"
          onClick={() => setOpen(rx.infoId)}
          aria-label={`${state === 'pending' ? '审核' : '查看'} ${rx.rxCode}`}
        >
          {state === 'pending' ? '审核' : '查看'}
        </Button>
      ),
    },
  ];

  const pending = list.data?.pendingCount ?? 0;
  return (
    <Card
      title={
        <Typography.Title level={4} className={styles.title}>
          处方审核
        </Typography.Title>
      }
      extra={
        <Button icon={<ReloadOutlined />} onClick={list.reload}>
          刷新
        </Button>
      }
    >
      <Tabs
        activeKey={state}
        onChange={(key) => {
          setState(key as State);
          setPageNo(1);
        }}
        items={[
          {
            key: 'pending',
            label: (
              <span>
                待审核 <Badge count={pending} overflowCount={99} showZero={false} />
              </span>
            ),
          },
          { key: 'reviewed', label: '已审核' },
        ]}
      />
      <Table<Prescription>
        className={styles.table}
        rowKey="infoId"
        columns={columns}
        dataSource={list.data?.items ?? []}
        loading={list.loading}
        locale={{ emptyText: state === 'pending' ? '暂无待审核的处方' : '暂无已审核的处方' }}
        pagination={{
          current: pageNo,
          pageSize: PAGE_SIZE,
          total: list.data?.total ?? 0,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: setPageNo,
        }}
      />
      <RxReviewDrawer
        infoId={open}
        onClose={() => setOpen(null)}
        onReviewed={() => {
          setOpen(null);
          list.reload();
        }}
      />
    </Card>
  );
}
