// 报修处理 (operator, admin): the repair queue by status — 服务中 oldest first, 已完成 newest first —
// found by a 服务编码, phone or IMEI and narrowed to one handler; a row opens the request with its
// photos and the steps (指派, 处理结果, 完成). Every read and step is audited by the API, and each step
// reaches the patient as a notice and a template message (docs/adr/0212-after-sales-service-console.md).
import { Button, Tabs, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import { REPAIR_SCREEN_TEXTS, REPAIR_STATUS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { ListFilters, ListPage, PagedTable } from '../../ListPage';
import { formatTime } from '../../format';
import { useConsoleData } from '../../useConsoleData';
import { RepairDrawer } from './RepairDrawer';
import { REPAIR_TABS, repairStatusTag } from './serviceText';
import styles from './AfterSalesService.module.css';

type Repair = Schema<'ConsoleRepair'>;
type Status = (typeof REPAIR_STATUS)[keyof typeof REPAIR_STATUS];

const PAGE_SIZE = 20;

export default function RepairsPage() {
  const [status, setStatus] = useState<Status>(REPAIR_STATUS.inService);
  const [keyword, setKeyword] = useState<string>();
  const [assigneeId, setAssigneeId] = useState<string>();
  const [pageNo, setPageNo] = useState(1);
  const [openId, setOpenId] = useState<number | null>(null);
  const list = useConsoleData(
    (signal) =>
      api.GET('/console/v1/after-sales/repairs', {
        params: { query: { status, keyword, assigneeId, pageNo, pageSize: PAGE_SIZE } },
        signal,
      }),
    [status, keyword, assigneeId, pageNo],
  );
  const assignees = useConsoleData((signal) => api.GET('/console/v1/after-sales/assignees', { signal }));

  const columns: TableColumnsType<Repair> = [
    {
      title: '服务编码',
      key: 'upkeepCode',
      render: (_value, repair) => (
        <div className={styles.twoLines}>
          <Typography.Text copyable className={styles.code}>
            {repair.upkeepCode}
          </Typography.Text>
          <Typography.Text type="secondary">报修 {repair.createTime}</Typography.Text>
        </div>
      ),
    },
    {
      title: '产品 / SN',
      key: 'product',
      render: (_value, repair) => {
        const product = `${repair.categoryName} · ${repair.productName || '未选择型号'}`;
        return (
          <div className={styles.twoLines}>
            <span className={styles.clip} title={product}>
              {product}
            </span>
            <Typography.Text type="secondary" className={styles.code}>
              {repair.deviceImei ? `SN/IMEI ${repair.deviceImei}` : '未填 SN/IMEI'}
            </Typography.Text>
          </div>
        );
      },
    },
    {
      title: '联系人',
      key: 'contact',
      render: (_value, repair) => (
        <div className={styles.twoLines}>
          <span>{repair.name}</span>
          <Typography.Text type="secondary">{repair.phone}</Typography.Text>
        </div>
      ),
    },
    {
      title: '处理人',
      key: 'assignee',
      render: (_value, repair) => repair.assigneeName ?? <Tag color="orange">未指派</Tag>,
    },
    {
      title: '状态',
      key: 'status',
      render: (_value, repair) => {
        const tag = repairStatusTag(repair.status);
        return (
          <div className={styles.twoLines}>
            <span>
              <Tag color={tag.colour}>{tag.label}</Tag>
            </span>
            {repair.completedAt && <Typography.Text type="secondary">{formatTime(repair.completedAt)}</Typography.Text>}
          </div>
        );
      },
    },
    {
      title: '操作',
      key: 'actions',
      render: (_value, repair) => (
        <Button type="link" onClick={() => setOpenId(repair.upkeepId)} aria-label={`处理报修 ${repair.upkeepCode}`}>
          详情与处理
        </Button>
      ),
    },
  ];

  return (
    <ListPage title="报修处理" onReload={list.reload}>
      <Tabs
        activeKey={String(status)}
        onChange={(key) => {
          setStatus(Number(key) as Status);
          setPageNo(1);
        }}
        items={REPAIR_TABS.map((tab) => ({ key: String(tab.status), label: tab.label }))}
      />
      <ListFilters<string>
        keyword={{ label: '服务编码、手机号或 IMEI', onSearch: setKeyword }}
        choice={{
          label: '处理人',
          loading: assignees.loading,
          options: [
            { value: 'all', label: '全部处理人' },
            ...(assignees.data ?? []).map((staff) => ({ value: staff.staffId, label: staff.name })),
          ],
          onChange: setAssigneeId,
        }}
        onFilter={() => setPageNo(1)}
      />
      <PagedTable<Repair>
        rowKey="upkeepId"
        className={styles.table}
        columns={columns}
        locale={{
          emptyText:
            status === REPAIR_STATUS.inService
              ? REPAIR_SCREEN_TEXTS.emptyInService
              : REPAIR_SCREEN_TEXTS.emptyCompleted,
        }}
        list={list}
        pageNo={pageNo}
        pageSize={PAGE_SIZE}
        unit="单"
        onPageChange={setPageNo}
      />
      <RepairDrawer upkeepId={openId} onClose={() => setOpenId(null)} onChanged={list.reload} />
    </ListPage>
  );
}
