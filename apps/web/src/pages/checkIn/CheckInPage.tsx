import {
  SIGN_IN_ROW_DAYS,
  addMonths,
  compareYearMonth,
  monthCalendar,
  signInReward,
  streakDayInRow,
  type YearMonth,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { Button, Popup } from 'antd-mobile';
import { useCallback, useState } from 'react';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { showError, toast } from '../../ui/toast';
import { useSession } from '../../store/session';
import { CardTitle, Figure, PointsHeader, PointsPage, card } from '../points/layout';
import { HealthTipCard } from '../../components/HealthTip';
import styles from './CheckInPage.module.css';

const WEEKDAYS = ['一', '二', '三', '四', '五', '六', '日'];
const pad = (n: number) => String(n).padStart(2, '0');
const monthOf = (day: string): YearMonth => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)) });

/** The month calendar with the signed days marked and arrows to the months around it. */
function SignCalendar({
  month,
  today,
  onMonth,
  signedDays,
}: {
  month: YearMonth;
  today: string;
  onMonth: (m: YearMonth) => void;
  signedDays: ReadonlySet<string>;
}) {
  const isCurrent = compareYearMonth(month, monthOf(today)) >= 0;
  return (
    <section aria-label="签到日历" className={card}>
      <div className={styles.signCalendarBox}>
        <button
          type="button"
          aria-label="上个月"
          className={styles.arrow}
          onClick={() => onMonth(addMonths(month, -1))}
        >
          ‹
        </button>
        <h2 className={styles.signCalendarHeading}>{`${month.year}年${month.month}月`}</h2>
        <button
          type="button"
          aria-label="下个月"
          className={`${styles.arrow} ${isCurrent ? styles.arrowDisabled : ''}`}
          disabled={isCurrent}
          onClick={() => onMonth(addMonths(month, 1))}
        >
          ›
        </button>
      </div>
      <table role="grid" aria-label={`${month.year}年${month.month}月`} className={styles.signCalendarTable}>
        <thead>
          <tr>
            {WEEKDAYS.map((d) => (
              <th key={d} className={styles.signCalendarHead}>
                {d}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthCalendar(month.year, month.month).map((week, w) => (
            <tr key={w}>
              {week.map((cell, i) => {
                if (cell === null) {
                  return <td key={i} />;
                }
                const signed = signedDays.has(cell.day);
                const isToday = cell.day === today;
                return (
                  <td
                    key={cell.day}
                    aria-label={`${cell.date}日${signed ? ' 已签到' : ''}`}
                    className={styles.signCalendarCell}
                  >
                    <span
                      className={`${styles.signCalendarText} ${signed ? styles.signedDay : isToday ? styles.today : styles.day}`}
                    >
                      {signed ? '✓' : cell.date}
                    </span>
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The 7 days of the current streak row with what each pays. */
function StreakRow({ series, signedToday }: { series: number; signedToday: boolean }) {
  // The row that holds today: the days already signed in it, and today when not yet signed.
  const done = series === 0 ? 0 : signedToday ? streakDayInRow(series) : streakDayInRow(series) % SIGN_IN_ROW_DAYS;
  return (
    <ol aria-label="连续签到奖励" className={styles.streakRowList}>
      {Array.from({ length: SIGN_IN_ROW_DAYS }, (_, i) => {
        const reached = i < done;
        const reward = signInReward(i + 1);
        return (
          <li
            key={i}
            aria-label={`第${i + 1}天 ${reward}积分${reached ? ' 已签到' : ''}`}
            className={styles.streakRowItem}
          >
            <div className={`${styles.streakRowBox} ${reached ? styles.reachedDay : styles.comingDay}`}>+{reward}</div>
            <span className={styles.streakRowText}>{`${i + 1}天`}</span>
          </li>
        );
      })}
    </ol>
  );
}

/**
 * 分享: the day's share image (spec §2.9, sign-day detail → imgUrl), a PNG drawn by the server with
 * the day, the streak and the points; shown in a sheet to long-press and save or send.
 */
function ShareDay({ day }: { day: string }) {
  const imgDomain = useSession((state) => state.imgDomain);
  const [src, setSrc] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const open = () => {
    if (loading) {
      return;
    }
    setLoading(true);
    api()
      .GET('/sign/v1/getSignDayDetail', { params: { query: { shareTime: day } } })
      .then(
        (detail) => setSrc(`${imgDomain}${detail.imgUrl}`),
        (error: unknown) => showError(error),
      )
      .finally(() => setLoading(false));
  };
  return (
    <>
      <Button block shape="rounded" fill="outline" loading={loading} onClick={open} className={styles.shareDayButton}>
        分享
      </Button>
      <Popup
        visible={src !== null}
        onMaskClick={() => setSrc(null)}
        onClose={() => setSrc(null)}
        bodyStyle={{
          borderTopLeftRadius: 12,
          borderTopRightRadius: 12,
          padding: '16px 16px 24px',
          textAlign: 'center',
        }}
      >
        {src !== null && <img src={src} alt="签到分享图" className={styles.shareDayImage} />}
        <p className={styles.shareDayText}>长按图片保存，分享给好友</p>
      </Popup>
    </>
  );
}

/** /signIn (spec 1 §2.9): streak, points, the reward rule, a month calendar and the sign-in button. */
export default function CheckInPage() {
  useDocumentTitle('每日签到');
  const info = useApiData(() => api().GET('/sign/v1/getSignInfo'));
  const [shownMonth, setShownMonth] = useState<YearMonth | null>(null);
  const today = info.data?.today ?? null;
  const month = shownMonth ?? (today ? monthOf(today) : null);
  const monthKey = month ? `${month.year}-${pad(month.month)}` : '';
  const signs = useApiData<Schema<'SignDays'> | null>(async () => {
    if (!month) {
      return null;
    }
    const last = new Date(Date.UTC(month.year, month.month, 0)).getUTCDate();
    return api().GET('/sign/v1/getSigns', {
      params: { query: { startTime: `${monthKey}-01`, endTime: `${monthKey}-${pad(last)}` } },
    });
  }, monthKey);
  // Repeat clicks are ignored while the request runs (spec §2.9); the button shows its spinner.
  const { busy: signing, run } = useSubmitGuard({ loader: false });
  const reloadSigns = signs.reload;
  const reloadInfo = info.reload;

  const onSign = useCallback(() => {
    void run(async () => {
      try {
        const result = await api().POST('/sign/v1/signIn', { body: {} });
        toast(result.alreadySigned ? '今天已经签过到了' : `签到成功，获得${result.reward}积分`);
        reloadInfo();
        reloadSigns();
      } catch (error) {
        showError(error);
      }
      return undefined;
    });
  }, [run, reloadInfo, reloadSigns]);

  const data = info.data;
  const signed = data?.signedToday ?? false;
  const signedDays = new Set((signs.data?.signs ?? []).map((s) => s.createTime));

  return (
    <PointsPage>
      <PointsHeader>
        <div className={styles.checkInPageBox}>
          <Figure label="连续签到(天)" value={data?.series ?? '-'} />
          <Figure label="我的积分" value={data?.score ?? '-'} />
          <Figure label="本月积分" value={data?.monthScore ?? '-'} />
        </div>
        <Button
          block
          shape="rounded"
          disabled={!data || signed}
          loading={signing}
          onClick={onSign}
          className={styles.checkInPageButton}
        >
          {signed ? '已签到' : '签到'}
        </Button>
        {signed && data && <ShareDay day={data.today} />}
        {info.failed && <p className={styles.checkInPageText}>加载失败，请稍后再试</p>}
      </PointsHeader>
      {/* The day's health tip, once checked in (spec getHealthMessage). */}
      {signed && <HealthTipCard className={card} />}
      <section aria-label="签到奖励" className={card}>
        <CardTitle title="签到奖励" />
        <p className={styles.checkInPageText2}>
          {data?.rewardText}
          {data && <strong className={styles.checkInPageStrong}>{data.bonusNote}</strong>}
        </p>
        {data && <StreakRow series={data.series} signedToday={signed} />}
      </section>
      {month && today && <SignCalendar month={month} today={today} onMonth={setShownMonth} signedDays={signedDays} />}
    </PointsPage>
  );
}
