import { TASK_TYPE_DAILY } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError, toast } from '../../ui/toast';
import { CardTitle, PointsPage, card } from './layout';
import styles from './TaskPage.module.css';

type Task = Schema<'DayTask'>;

function progressText(task: Task): string {
  if (task.dailyCap !== null) {
    return `今日已得${task.earned}/${task.dailyCap}积分`;
  }
  return task.description;
}

function TaskRow({ task, onPress, busy }: { task: Task; onPress: (task: Task) => void; busy: boolean }) {
  return (
    <li aria-label={task.settingName} className={styles.taskRowItem}>
      <span aria-hidden="true" className={styles.taskRowText}>
        {task.settingName.slice(0, 1)}
      </span>
      <span className={styles.taskRowText2}>
        <span className={styles.taskRowText3}>
          {task.settingName}
          <span className={styles.taskRowText4}>+{task.onceScore}</span>
        </span>
        <span className={styles.taskRowText5}>{progressText(task)}</span>
      </span>
      {task.complete === 0 ? (
        <Button size="small" color="primary" shape="rounded" loading={busy} onClick={() => onPress(task)}>
          领取
        </Button>
      ) : (
        <Button size="small" shape="rounded" disabled>
          已领取
        </Button>
      )}
    </li>
  );
}

/**
 * /integralTask (spec 1 §2.8): tasks under 每天获取 (taskType 1) and 固定获取. 领取 on a task whose
 * points are ready claims them; on any other open task it leads to where the task is done
 * (measuring, signing in, reading), since those actions pay by themselves.
 */
export default function TaskPage() {
  useDocumentTitle('积分任务');
  const navigate = useNavigate();
  const tasks = useApiData(() => api().GET('/customer/v1/getDayTask'));
  const { busy, run } = useSubmitGuard({ loader: false });
  // The row whose reward is being claimed shows the spinner.
  const [claimingCode, setClaimingCode] = useState<string | null>(null);
  const busyCode = busy ? claimingCode : null;

  const onPress = (task: Task) => {
    if (!task.claimable) {
      void navigate(task.url);
      return;
    }
    setClaimingCode(task.settingCode);
    void run(async () => {
      try {
        const result = await api().POST('/customer/v1/claimTask', { body: { settingCode: task.settingCode } });
        toast(result.duplicate ? '该任务奖励已领取' : `领取成功，获得${result.paid}积分`);
        tasks.reload();
      } catch (error) {
        showError(error);
      }
      return undefined;
    });
  };

  const groups: { title: string; items: Task[] }[] = [
    { title: '每天获取', items: (tasks.data ?? []).filter((t) => t.taskType === TASK_TYPE_DAILY) },
    { title: '固定获取', items: (tasks.data ?? []).filter((t) => t.taskType !== TASK_TYPE_DAILY) },
  ];

  return (
    <PointsPage>
      {tasks.failed && tasks.data === null && <EmptyState title="加载失败" description="请稍后再试" />}
      {groups.map((group) => (
        <section key={group.title} aria-label={group.title} className={card}>
          <CardTitle title={group.title} />
          <ul className={styles.taskPageList}>
            {group.items.map((task) => (
              <TaskRow key={task.settingCode} task={task} onPress={onPress} busy={busyCode === task.settingCode} />
            ))}
          </ul>
        </section>
      ))}
    </PointsPage>
  );
}
