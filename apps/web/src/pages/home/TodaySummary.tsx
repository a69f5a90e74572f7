import {
  BP_LEVEL_LABELS,
  REGISTER_PATH,
  SUGAR_LEVEL_LABELS,
  SUGAR_TIME_TYPES,
  formatSugar,
  levelFromColor,
  readingWhen,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { PersonAvatar } from '@glucoguard/ui';
import { Button } from 'antd-mobile';
import { Link, useNavigate } from 'react-router-dom';
import { api } from '../../api';
import { useApiData } from '../../hooks/useApiData';
import { imageUrl, useSession } from '../../store/session';
import { useUnread } from '../../store/unread';
import { rememberTab } from '../reportCenter/tabs';
import styles from './TodaySummary.module.css';
import levels from '../../ui/levelColours.module.css';

/** Where 记录血糖 leads (the add page opens on the slot of the current time). */
export const ADD_SUGAR_PATH = '/reportCenter/bloodSugar/addBloodSugarReport';
export const REPORT_CENTER_PATH = '/reportCenter/reportCenter';
/** The patient's side of following, where a request is accepted or declined. */
export const FOLLOW_REQUESTS_PATH = '/friend/followers';

interface Latest {
  sugar: Schema<'SugarTestVo'> | null;
  pressure: Schema<'BloodPressureVo'> | null;
}

function loadLatest(): Promise<Latest> {
  return Promise.all([
    api().GET('/sugarTest/v1/getLastRecord'),
    api().GET('/bloodPressureTest/v1/pageQueryList', { params: { query: { pageNo: 1, pageSize: 1 } } }),
  ]).then(([sugar, pressure]) => ({ sugar, pressure: pressure.items[0] ?? null }));
}

const SLOT_NAME = new Map<number, string>(SUGAR_TIME_TYPES.map((t) => [t.timeType, t.name]));

/**
 * Today's summary on the home page (issue 17 §2; ADR 0102): the latest sugar and pressure, each in
 * its level's colour with its time, one tap to its report tab; without readings, the next step
 * (记录血糖 / 查看报告). A visitor is asked to register first.
 */
export function TodaySummary({ registered }: { registered: boolean }) {
  const navigate = useNavigate();
  const latest = useApiData(() => (registered ? loadLatest() : Promise.resolve(null)), registered ? 1 : 0);
  const now = Date.now();

  if (!registered) {
    return (
      <section aria-label="今日概览" className={styles.card}>
        <h2 className={styles.heading}>今日概览</h2>
        <p className={styles.note}>注册后记录血糖、血压，这里会显示您最新的测量结果。</p>
        <div className={styles.actions}>
          <Button color="primary" onClick={() => void navigate(REGISTER_PATH)} className={styles.action}>
            注册 / 登录
          </Button>
        </div>
      </section>
    );
  }
  if (latest.data === null) {
    // Loading: keep the card's place so nothing below jumps; a failed read offers another try.
    return (
      <section aria-label="今日概览" aria-busy={latest.loading} className={`${styles.card} ${styles.placeholder}`}>
        {latest.failed ? (
          <>
            <h2 className={styles.heading}>今日概览</h2>
            <p className={styles.note}>最新测量结果加载失败。</p>
            <div className={styles.actions}>
              <Button onClick={latest.reload} className={styles.action}>
                重试
              </Button>
            </div>
          </>
        ) : null}
      </section>
    );
  }
  const { sugar, pressure } = latest.data;
  if (sugar === null && pressure === null) {
    return (
      <section aria-label="今日概览" className={styles.card}>
        <h2 className={styles.heading}>今日概览</h2>
        <p className={styles.note}>还没有测量记录。测一次血糖，记下来，这里就会显示结果。</p>
        <div className={styles.actions}>
          <Button color="primary" onClick={() => void navigate(ADD_SUGAR_PATH)} className={styles.action}>
            记录血糖
          </Button>
          <Button onClick={() => void navigate(REPORT_CENTER_PATH, { state: { from: '/' } })} className={styles.action}>
            查看报告
          </Button>
        </div>
      </section>
    );
  }

  const sugarLevel = sugar?.level ?? null;
  const pressureLevel = pressure === null || pressure.color === null ? undefined : levelFromColor(pressure.color);
  return (
    <section aria-label="今日概览" className={styles.card}>
      <h2 className={styles.heading}>最近一次测量</h2>
      <div className={styles.readings}>
        <Link
          to={REPORT_CENTER_PATH}
          state={{ from: '/' }}
          aria-label={sugar === null ? '血糖：暂无记录，查看报告' : undefined}
          className={styles.reading}
        >
          <span className={styles.kind}>血糖</span>
          {sugar === null ? (
            <span className={styles.none}>暂无记录</span>
          ) : (
            <>
              <span className={styles.value}>
                <strong data-level={sugarLevel ?? undefined} className={sugarLevel ? levels[sugarLevel] : undefined}>
                  {formatSugar(sugar.sugar)}
                </strong>
                <span className={styles.unit}>mmol/L</span>
              </span>
              <span className={styles.meta}>
                {sugarLevel ? (
                  <span className={`${styles.level} ${levels[sugarLevel]}`}>{SUGAR_LEVEL_LABELS[sugarLevel]}</span>
                ) : null}
                {SLOT_NAME.get(sugar.timeType) ?? ''} · {readingWhen(sugar.createTime, now)}
              </span>
            </>
          )}
        </Link>
        <Link
          to={REPORT_CENTER_PATH}
          onClick={() => rememberTab('pressure')}
          aria-label={pressure === null ? '血压：暂无记录，查看报告' : undefined}
          className={styles.reading}
        >
          <span className={styles.kind}>血压</span>
          {pressure === null ? (
            <span className={styles.none}>暂无记录</span>
          ) : (
            <>
              <span className={styles.value}>
                <strong data-level={pressureLevel} className={pressureLevel ? levels[pressureLevel] : undefined}>
                  {pressure.sbp}/{pressure.dbp}
                </strong>
                <span className={styles.unit}>mmHg</span>
              </span>
              <span className={styles.meta}>
                {pressureLevel ? (
                  <span className={`${styles.level} ${levels[pressureLevel]}`}>{BP_LEVEL_LABELS[pressureLevel]}</span>
                ) : null}
                {readingWhen(pressure.createTime, now)}
              </span>
            </>
          )}
        </Link>
      </div>
    </section>
  );
}

/** The newest follow request waiting for the user, on the home page too (tap → the requests). */
export function FollowRequestCard() {
  const request = useUnread((state) => state.followRequest);
  const imgDomain = useSession((state) => state.imgDomain);
  if (request === null) {
    return null;
  }
  return (
    <Link to={FOLLOW_REQUESTS_PATH} aria-label={`${request.nickname}请求关注您，去处理`} className={styles.request}>
      <PersonAvatar name={request.nickname} url={imageUrl(request.headimgurl, imgDomain)} sex={request.sex} />
      <span className={styles.requestText}>
        <strong>{request.nickname}</strong> 请求关注您的健康数据
      </span>
      <span className={styles.requestAction}>去处理</span>
    </Link>
  );
}
