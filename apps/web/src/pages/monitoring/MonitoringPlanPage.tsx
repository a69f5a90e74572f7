import { MONITOR_SLOT_LEGEND, MONITOR_SLOT_STATE_LABELS, chinaDateKey, monitorSlotState } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { isApiError } from '@glucoguard/sdk';
import { DataTable, EmptyState } from '@glucoguard/ui';
import type { DataTableColumn } from '@glucoguard/ui';
import { Link, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { MONITORING_PLAN_LIST_PATH } from './monitoringPaths';
import styles from './MonitoringPlan.module.css';

type Plan = Schema<'MonitorPlanVo'>;
type Period = Schema<'MonitorPeriod'>;
type Slot = Schema<'MonitorSlot'>;

/** Record a glucose reading (the form picks the slot from the time; the user may change it). */
export const ADD_SUGAR_PATH = '/reportCenter/bloodSugar/addBloodSugarReport/add';

function SlotCell({ slot, date, today }: { slot: Slot; date: string; today: string }) {
  const state = monitorSlotState(slot, date, today);
  if (state === 'none') {
    return <span className={styles.off} aria-label={`${slot.xtitle}不需测量`} />;
  }
  const text = MONITOR_SLOT_STATE_LABELS[state];
  return (
    <span className={styles.mark} data-state={state} aria-label={`${slot.xtitle}${text.word}`}>
      <span aria-hidden="true" className={styles.symbol}>
        {text.mark}
      </span>
      <span aria-hidden="true">{text.word}</span>
    </span>
  );
}

/** The table's columns: the date, then the 8 slots in the plan's order (凌晨 … 睡前). */
function columnsOf(plan: Plan, today: string): DataTableColumn<Period>[] {
  const slots = plan.monitorPeriods[0]?.xperiod ?? [];
  return [
    {
      key: 'date',
      title: '日期',
      width: 46,
      render: (row) => (
        <span className={row.date === today ? styles.today : undefined}>
          {row.ytitle}
          {row.date === today ? <span className={styles.todayTag}>今天</span> : null}
        </span>
      ),
    },
    ...slots.map((slot, index): DataTableColumn<Period> => ({
      key: `slot${slot.timeType}`,
      title: <span className={styles.slotTitle}>{slot.xtitle}</span>,
      render: (row) => {
        const cell = row.xperiod[index];
        return cell === undefined ? null : <SlotCell slot={cell} date={row.date} today={today} />;
      },
    })),
  ];
}

function Adherence({ plan }: { plan: Plan }) {
  const { planned, done, percent } = plan.adherence;
  return (
    <section aria-label="完成情况" className={styles.section}>
      <div className={styles.adherenceHead}>
        <span className={styles.heading}>完成率</span>
        <span className={styles.percent}>{percent}%</span>
      </div>
      <progress aria-label="监测完成率" className={styles.progress} max={100} value={percent} />
      <p className={styles.muted}>
        {planned === 0 ? '计划刚开始，按时测量后这里会显示完成情况' : `应测 ${planned} 次，已测 ${done} 次`}
      </p>
    </section>
  );
}

function PlanView({ plan }: { plan: Plan }) {
  const today = chinaDateKey(new Date());
  return (
    <>
      <section aria-label="医生嘱托" className={styles.section}>
        <div className={styles.cardHead}>
          <span className={styles.heading}>{plan.doctorName} 医生的监测计划</span>
        </div>
        <p className={styles.description}>{plan.description}</p>
        <p className={styles.muted}>制定时间 {plan.createTime.slice(0, 16)}</p>
      </section>
      <Adherence plan={plan} />
      <section aria-label="监测安排" className={styles.tableSection}>
        <div className={styles.tableScroll}>
          <DataTable<Period>
            aria-label="监测计划表"
            columns={columnsOf(plan, today)}
            rows={plan.monitorPeriods}
            rowKey={(row) => row.date}
          />
        </div>
        <p className={styles.legend}>{MONITOR_SLOT_LEGEND}</p>
      </section>
      <div className={styles.actions}>
        <Link to={ADD_SUGAR_PATH} className={styles.primary}>
          记录血糖
        </Link>
      </div>
    </>
  );
}

/**
 * /monitoringPlan (query monitorId optional; spec 3 §2.5): the latest plan, or the one given by id,
 * as a table of its dates × the 8 glucose slots — each planned slot marked 已测, 待测 or 未测 — with
 * the completion rate, the doctor, the doctor's words, and 历史 to /monitoringPlanList.
 */
export default function MonitoringPlanPage() {
  useDocumentTitle('监测计划');
  const [query] = useSearchParams();
  const monitorId = query.get('monitorId') ?? '';
  const plan = useApiData<Plan | null>(
    () =>
      monitorId === ''
        ? api().POST('/sugarmonitor/receive/latest', { body: {} })
        : api().GET('/sugarmonitor/receive/queryById', { params: { query: { monitorId } } }),
    monitorId,
    { clear: true },
  );
  const history = (
    <Link to={MONITORING_PLAN_LIST_PATH} className={styles.historyLink}>
      历史
    </Link>
  );
  let body;
  if (plan.failed && plan.data === null) {
    const missing = isApiError(plan.error, 40400);
    body = (
      <EmptyState
        title={missing ? '未找到该监测计划' : '监测计划加载失败'}
        description={missing ? '请从历史计划重新进入' : '请检查网络后重试'}
      >
        {missing ? null : (
          <button type="button" className={styles.secondary} onClick={plan.reload}>
            重试
          </button>
        )}
      </EmptyState>
    );
  } else if (plan.loading && plan.data === null) {
    body = <PageLoading />;
  } else if (plan.data === null) {
    body = (
      <EmptyState
        title="暂无监测计划"
        description="医生在问诊中为您制定血糖监测计划后，会显示在这里，并按时提醒您测量"
      />
    );
  } else {
    body = <PlanView plan={plan.data} />;
  }
  return (
    <div className={styles.page}>
      <div className={styles.topBar}>{history}</div>
      {body}
    </div>
  );
}
