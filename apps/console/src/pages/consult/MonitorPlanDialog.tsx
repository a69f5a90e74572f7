// 制定监测计划: a start date and a number of days (today to today + 30, at most 31 dates), a grid of
// those dates × the 8 glucose slots with quick picks that fill every date, and the description the
// patient reads (≤ 200). Checked with the domain's validateMonitorPlan before sending, as the API checks
// it; a date left without slots is not part of the plan. See docs/adr/0167-monitoring-plan-console.md.
import { App, Button, Checkbox, DatePicker, Form, Input, InputNumber, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import dayjs from 'dayjs';
import type { Dayjs } from 'dayjs';
import { useEffect, useMemo, useState } from 'react';
import {
  MONITOR_DESCRIPTION_MAX,
  MONITOR_MAX_DATES,
  MONITOR_MAX_DAYS_AHEAD,
  MONITOR_SLOTS,
  addDaysToDate,
  chinaDateKey,
  validateMonitorPlan,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { api } from '../../api';
import { SaveDialog } from '../../SaveDialog';
import { useConsoleSubmit } from '../../useConsoleSubmit';
import styles from './ConsultPage.module.css';

type Plan = Schema<'MonitorPlanVo'>;

/** The quick picks: each fills every date of the plan with these slots (timeType). */
export const MONITOR_QUICK_PICKS: readonly { readonly label: string; readonly timeTypes: readonly number[] }[] = [
  { label: '每天空腹+三餐后', timeTypes: [1, 2, 4, 6] },
  { label: '每天空腹', timeTypes: [1] },
  { label: '每天三餐前后+睡前', timeTypes: [1, 2, 3, 4, 5, 6, 7] },
  { label: '每天全部时段', timeTypes: [8, 1, 2, 3, 4, 5, 6, 7] },
];

/** A new plan starts today for a week, fasting and after each meal. */
const DEFAULT_DAYS = 7;
const DEFAULT_SLOTS = MONITOR_QUICK_PICKS[0]!.timeTypes;

const WEEKDAYS = ['日', '一', '二', '三', '四', '五', '六'];

/** 'MM-DD 周X' of a date 'YYYY-MM-DD'. */
function dateLabel(date: string, today: string): string {
  const weekday = WEEKDAYS[new Date(`${date}T00:00:00Z`).getUTCDay()] ?? '';
  return `${date.slice(5)} 周${weekday}${date === today ? '（今天）' : ''}`;
}

/** The dates from `start` for `days` days. */
function datesFrom(start: string, days: number): string[] {
  return Array.from({ length: days }, (_, i) => addDaysToDate(start, i));
}

/** Days between two dates 'YYYY-MM-DD' (b − a). */
function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

interface Row {
  date: string;
}

export function MonitorPlanDialog({
  open,
  consultId,
  onClose,
  onIssued,
}: {
  open: boolean;
  consultId: string;
  onClose: () => void;
  onIssued: (plan: Plan) => void;
}) {
  const { message } = App.useApp();
  const { busy, error, setError, run } = useConsoleSubmit();
  const [today, setToday] = useState(() => chinaDateKey(new Date()));
  const [start, setStart] = useState(today);
  const [days, setDays] = useState(DEFAULT_DAYS);
  const [description, setDescription] = useState('');
  // The slots of each date; a date not in the map has the default slots.
  const [slots, setSlots] = useState<Record<string, readonly number[]>>({});

  // Each opening starts a fresh plan from today.
  useEffect(() => {
    if (open) {
      const now = chinaDateKey(new Date());
      setToday(now);
      setStart(now);
      setDays(DEFAULT_DAYS);
      setDescription('');
      setSlots({});
      setError(null);
    }
  }, [open, setError]);

  // The last date a plan may reach caps the number of days from the start.
  const maxDays = Math.max(1, Math.min(MONITOR_MAX_DATES, MONITOR_MAX_DAYS_AHEAD + 1 - daysBetween(today, start)));
  const dates = useMemo(() => datesFrom(start, Math.min(days, maxDays)), [start, days, maxDays]);
  const slotsOf = (date: string) => slots[date] ?? DEFAULT_SLOTS;

  const toggle = (date: string, timeType: number, on: boolean) => {
    const current = slotsOf(date);
    const next = on ? [...current, timeType] : current.filter((t) => t !== timeType);
    setSlots((all) => ({ ...all, [date]: next }));
    setError(null);
  };
  const pick = (timeTypes: readonly number[]) => {
    setSlots(Object.fromEntries(dates.map((date) => [date, timeTypes])));
    setError(null);
  };

  const periods = dates
    .map((date) => ({ date, timeTypes: MONITOR_SLOTS.map((s) => s.timeType).filter((t) => slotsOf(date).includes(t)) }))
    .filter((period) => period.timeTypes.length > 0);
  const count = periods.reduce((sum, period) => sum + period.timeTypes.length, 0);

  const submit = async () => {
    const body = { description: description.trim(), periods };
    const problem = validateMonitorPlan(body, today);
    if (!problem.ok) {
      setError(problem.message);
      return;
    }
    await run(async () => {
      const plan = await api.POST('/console/v1/consults/{consultId}/monitorPlans', {
        params: { path: { consultId } },
        body,
      });
      void message.success('监测计划已发送给患者');
      onIssued(plan);
    });
  };

  const columns: TableColumnsType<Row> = [
    { title: '日期', dataIndex: 'date', width: 170, render: (date: string) => dateLabel(date, today) },
    ...MONITOR_SLOTS.map((slot) => ({
      title: slot.name,
      key: String(slot.timeType),
      align: 'center' as const,
      render: (_: unknown, row: Row) => (
        <Checkbox
          aria-label={`${row.date.slice(5)} ${slot.name}`}
          checked={slotsOf(row.date).includes(slot.timeType)}
          onChange={(event) => toggle(row.date, slot.timeType, event.target.checked)}
        />
      ),
    })),
  ];

  return (
    <SaveDialog
      title="制定监测计划"
      open={open}
      width={920}
      busy={busy}
      error={error}
      onSave={() => void submit()}
      onClose={onClose}
    >
      <Form layout="vertical">
        <Space size="large" wrap>
          <Form.Item label="开始日期">
            <DatePicker
              allowClear={false}
              value={dayjs(start)}
              disabledDate={(d: Dayjs) => {
                const date = d.format('YYYY-MM-DD');
                return date < today || date > addDaysToDate(today, MONITOR_MAX_DAYS_AHEAD);
              }}
              onChange={(d: Dayjs | null) => d && setStart(d.format('YYYY-MM-DD'))}
            />
          </Form.Item>
          <Form.Item label="监测天数">
            <InputNumber
              aria-label="监测天数"
              min={1}
              max={maxDays}
              precision={0}
              value={Math.min(days, maxDays)}
              onChange={(value) => setDays(value ?? 1)}
            />
          </Form.Item>
        </Space>
        <Form.Item label="快速选择（应用到每一天）">
          <Space wrap>
            {MONITOR_QUICK_PICKS.map((p) => (
              <Button key={p.label} onClick={() => pick(p.timeTypes)}>
                {p.label}
              </Button>
            ))}
            <Button onClick={() => pick([])}>全部清空</Button>
          </Space>
        </Form.Item>
        <Table<Row>
          className={styles.section}
          size="small"
          bordered
          pagination={false}
          scroll={{ y: 240 }}
          rowKey="date"
          columns={columns}
          dataSource={dates.map((date) => ({ date }))}
        />
        <Typography.Paragraph type="secondary" className={styles.section}>
          共 {periods.length} 天、{count}{' '}
          次测量。未勾选时段的日期不列入计划；患者会收到通知，并在各时段开始时收到测量提醒。
        </Typography.Paragraph>
        <Form.Item label="监测说明" required>
          <Input.TextArea
            aria-label="监测说明"
            value={description}
            onChange={(event) => {
              setDescription(event.target.value);
              setError(null);
            }}
            maxLength={MONITOR_DESCRIPTION_MAX}
            showCount
            autoSize={{ minRows: 3, maxRows: 6 }}
            placeholder="例如：这一周请每天测空腹和三餐后两小时血糖，测后在 App 记录，复诊时我们一起看。"
          />
        </Form.Item>
      </Form>
    </SaveDialog>
  );
}
