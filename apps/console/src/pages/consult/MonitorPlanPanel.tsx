// 监测计划 of a consultation: the glucose monitoring plans this doctor gave the patient (newest first),
// each with its adherence and, unfolded, its dates × slots marked as the patient sees them, and
// 制定监测计划 to issue a new one. See docs/adr/0167-monitoring-plan-console.md.
import { ScheduleOutlined } from '@ant-design/icons';
import { Button, Card, Collapse, Empty, Progress, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { useState } from 'react';
import {
  MONITOR_SLOT_LEGEND,
  MONITOR_SLOT_STATE_LABELS,
  MONITOR_SLOTS,
  chinaDateKey,
  monitorSlotState,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import { MonitorPlanDialog } from './MonitorPlanDialog';
import styles from './ConsultPage.module.css';

type Plan = Schema<'MonitorPlanVo'>;
type Period = Schema<'MonitorPeriod'>;

function PlanTable({ plan, today }: { plan: Plan; today: string }) {
  const columns: TableColumnsType<Period> = [
    { title: '日期', dataIndex: 'ytitle', width: 90 },
    ...MONITOR_SLOTS.map((slot, index) => ({
      title: slot.name,
      key: String(slot.timeType),
      align: 'center' as const,
      render: (_: unknown, row: Period) => {
        const cell = row.xperiod[index];
        const state = cell ? monitorSlotState(cell, row.date, today) : 'none';
        if (state === 'none') {
          return null;
        }
        const label = MONITOR_SLOT_STATE_LABELS[state];
        return (
          // Dark text for 已测 (antd's green is too light to read as text); the mark and word carry the meaning.
          <Typography.Text
            data-state={state}
            strong={state === 'done'}
            type={state === 'missed' ? 'danger' : state === 'pending' ? 'secondary' : undefined}
          >
            {label.mark} {label.word}
          </Typography.Text>
        );
      },
    })),
  ];
  return (
    <>
      <Table<Period>
        size="small"
        bordered
        pagination={false}
        rowKey="date"
        columns={columns}
        dataSource={plan.monitorPeriods}
        aria-label="监测安排"
      />
      <Typography.Paragraph type="secondary" className={styles.section}>
        {MONITOR_SLOT_LEGEND}
      </Typography.Paragraph>
    </>
  );
}

function PlanSummary({ plan }: { plan: Plan }) {
  const { planned, done, percent } = plan.adherence;
  const first = plan.monitorPeriods[0]?.ytitle;
  const last = plan.monitorPeriods.at(-1)?.ytitle;
  return (
    <Space size="large" wrap className={styles.wide} data-testid="monitor-plan">
      <Typography.Text strong>{plan.createTime.slice(0, 16)}</Typography.Text>
      <Typography.Text>{first === last ? first : `${first} 至 ${last}`}</Typography.Text>
      <Space>
        <Typography.Text>完成率</Typography.Text>
        <Progress
          percent={percent}
          format={(value) => `${value ?? 0}%`}
          // A full bar keeps its number in dark text rather than antd's light green tick.
          status="normal"
          size="small"
          className={styles.adherence}
          aria-label="完成率"
        />
        <Typography.Text type="secondary">
          {planned === 0 ? '尚无到期的测量' : `已测 ${done} / 应测 ${planned}`}
        </Typography.Text>
      </Space>
    </Space>
  );
}

export function MonitorPlanPanel({ consultId }: { consultId: string }) {
  const [issuing, setIssuing] = useState(false);
  const plans = useConsoleData(
    (signal) => api.GET('/console/v1/consults/{consultId}/monitorPlans', { params: { path: { consultId } }, signal }),
    [consultId],
  );
  const items = plans.data?.items;
  const today = chinaDateKey(new Date());
  return (
    <Card
      title="监测计划"
      loading={plans.loading && !items}
      extra={
        <Button type="primary" icon={<ScheduleOutlined />} onClick={() => setIssuing(true)}>
          制定监测计划
        </Button>
      }
    >
      {items && items.length === 0 && <Empty description="还没有给这位患者制定监测计划" />}
      {items && items.length > 0 && (
        <Collapse
          defaultActiveKey={[items[0]!.id]}
          items={items.map((plan) => ({
            key: plan.id,
            label: <PlanSummary plan={plan} />,
            children: (
              <>
                <Typography.Paragraph className={styles.desc}>{plan.description}</Typography.Paragraph>
                <PlanTable plan={plan} today={today} />
              </>
            ),
          }))}
        />
      )}
      {/* Mounted only while open: its grid of dates × slots is large, and a page that never plans need not carry it. */}
      {issuing && (
        <MonitorPlanDialog
          open
          consultId={consultId}
          onClose={() => setIssuing(false)}
          onIssued={() => {
            setIssuing(false);
            plans.reload();
          }}
        />
      )}
    </Card>
  );
}
