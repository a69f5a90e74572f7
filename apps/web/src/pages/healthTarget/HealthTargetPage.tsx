import { sugarTargetDetailPath, formatSugar } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading, List } from 'antd-mobile';
import { useNavigate } from 'react-router-dom';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSugarRanges } from '../reportCenter/sugar/useSugarRanges';
import styles from './HealthTargetPage.module.css';

/** A threshold as the app shows sugar values: one decimal. */
const sugar = formatSugar;

/**
 * /healthTarget/healthTarget (spec 2 §2.13): the eight time types, each with its current
 * thresholds (the user's own where set, else the defaults) and a 设置 action.
 */
export default function HealthTargetPage() {
  useDocumentTitle('血糖目标');
  const navigate = useNavigate();
  const slots = useSugarRanges();

  if (slots === null) {
    return (
      <div className={styles.healthTargetPageBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (slots.length === 0) {
    return <EmptyState title="加载失败" />;
  }
  return (
    <div className={styles.healthTargetPageBox2}>
      <p className={styles.healthTargetPageText}>血糖目标用于判断每次测量是否偏高或偏低，单位 mmol/L。</p>
      <List aria-label="血糖目标">
        {slots.map((slot) => {
          const name = slot.name ?? `时段${slot.timeType}`;
          return (
            <List.Item
              key={slot.timeType}
              description={
                <span aria-label={`${name}目标`}>
                  正常 {sugar(slot.lowValue)}~{sugar(slot.highValue)}，严重低于 {sugar(slot.minValue)}，严重高于{' '}
                  {sugar(slot.maxValue)}
                </span>
              }
              extra={
                <Button
                  size="small"
                  color="primary"
                  fill="outline"
                  aria-label={`设置${name}`}
                  onClick={() => navigate(sugarTargetDetailPath(name, slot.timeType))}
                >
                  设置
                </Button>
              }
            >
              {name}
              <span className={styles.healthTargetPageText2}>
                {slot.startTime}–{slot.endTime}
              </span>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
