import {
  BMI_CLASSES,
  CHART_MIN_SPANS,
  WEIGHT_ADDED_MESSAGE,
  WEIGHT_CHART_POINTS,
  WEIGHT_DELETE_CONFIRM,
  bmiGaugePercent,
  classifyBmi,
  fitChartValueRange,
  idealWeightJin,
  idealWeightMarks,
  limitDecimals,
  validateWeightEntry,
  weightChangeJin,
} from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState, tokens } from '@glucoguard/ui';
import { Button, Dialog, DotLoading, Input, Popup } from 'antd-mobile';
import { useRef, useState } from 'react';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { COLOUR_HEX } from '../../components/bandPalette';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { showError, toast } from '../../ui/toast';
import { useSession } from '../../store/session';
import styles from './WeightPage.module.css';

type WeightRecord = Schema<'WeightVo'>;

/** The most records the page reads (100 a page). */
const MAX_PAGES = 10;

async function loadAll(): Promise<WeightRecord[]> {
  const records: WeightRecord[] = [];
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const page = await api().GET('/weight/v1/queryList', { params: { query: { pageNo, pageSize: 100 } } });
    records.push(...page.items);
    if (page.currentPage >= page.totalPage) {
      break;
    }
  }
  return records;
}

/** A signed change in jin: +1.5 / -0.5 / 0; — without an earlier record. */
function formatChange(change: number | null): string {
  if (change === null) {
    return '--';
  }
  return `${change > 0 ? '+' : ''}${change}斤`;
}

/** /weightDetails (spec 2 §2.11): the selected weighing, BMI, the 7-point chart, changes, ideal weight, add and delete. */
export default function WeightPage() {
  useDocumentTitle('体重管理');
  const customerHeight = useSession((state) => state.customer?.height ?? null);
  const [active, setActive] = useState(0);
  // Each load of the list counts, so the change beside a selected record is read again after it.
  const [loads, setLoads] = useState(0);
  const list = useApiData(loadAll, '', {
    onLoad: () => {
      setActive(0);
      setLoads((n) => n + 1);
    },
    onError: showError,
  });
  const records = list.data;
  const failed = list.failed;
  const reload = list.reload;
  const [adding, setAdding] = useState(false);

  const current = records?.[active] ?? null;
  const previous = useApiData(
    async () => {
      const selected = current!;
      const record = await api()
        .GET('/weight/v1/getPreviousRecord', { params: { query: { createTimeStr: selected.createTime } } })
        .catch(() => null);
      return { id: selected.weightId, record };
    },
    [current?.weightId ?? null, loads],
    { enabled: current !== null },
  ).data;

  const remove = async () => {
    if (current === null) {
      return;
    }
    const confirmed = await Dialog.confirm({ content: WEIGHT_DELETE_CONFIRM });
    if (!confirmed) {
      return;
    }
    try {
      await api().POST('/weight/v1/delete', { body: { weightId: current.weightId } });
      reload();
    } catch (error) {
      showError(error);
    }
  };

  const height = current?.height ?? customerHeight;
  const heightKnown = (height ?? 0) > 0 || (records?.length ?? 0) > 0;

  if (records === null) {
    return (
      <div className={styles.weightPageBox}>
        {failed ? <EmptyState title="加载失败" /> : <DotLoading aria-label="加载中" />}
      </div>
    );
  }
  const first = records.at(-1) ?? null;
  const previousRecord =
    previous !== null && current !== null && previous.id === current.weightId ? previous.record : undefined;

  return (
    <div className={styles.weightPageBox2}>
      {current === null ? (
        <EmptyState title="暂无体重数据" description="点击下方按钮记录第一次体重" />
      ) : (
        <>
          <section className={styles.weightPageSection}>
            <div className={styles.weightPageBox3} aria-label="记录时间">
              {current.createTime.slice(0, 16)}
            </div>
            <div className={styles.weightPageBox4}>
              <span className={styles.weightPageText} aria-label="当前体重">
                {current.weightJin}
              </span>
              <span className={styles.weightPageText2}>斤</span>
            </div>
            <BmiBadge bmi={current.bmi} />
            <BmiGauge bmi={current.bmi} />
          </section>
          <section className={styles.weightPageSection2}>
            <WeightChart records={records} active={active} onSelect={setActive} />
            {records.length > WEIGHT_CHART_POINTS && (
              <div className={styles.weightChartHint}>左右拖动图表，查看其他记录</div>
            )}
          </section>
          <section className={styles.weightPageSection3}>
            <div className={styles.weightPageBox5}>
              <div className={styles.weightPageBox3}>较上次</div>
              <div aria-label="较上次变化" className={styles.weightPageBox6}>
                {previousRecord === undefined
                  ? '…'
                  : formatChange(weightChangeJin(current.weightJin, previousRecord?.weightJin))}
              </div>
            </div>
            <div className={styles.weightPageBox7}>
              <div className={styles.weightPageBox3}>较第一次</div>
              <div aria-label="较第一次变化" className={styles.weightPageBox6}>
                {formatChange(weightChangeJin(current.weightJin, first?.weightJin))}
              </div>
            </div>
          </section>
          {height !== null && height > 0 ? <IdealWeight heightCm={height} /> : null}
        </>
      )}
      <div className={styles.weightPageBox8}>
        {current === null ? null : (
          <Button block color="danger" fill="outline" onClick={() => void remove()}>
            删除
          </Button>
        )}
        <Button block color="primary" onClick={() => setAdding(true)}>
          记录体重
        </Button>
      </div>
      <WeightAddPopup
        visible={adding}
        heightKnown={heightKnown}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          reload();
        }}
      />
    </div>
  );
}

function BmiBadge({ bmi }: { bmi: number }) {
  const bmiClass = classifyBmi(bmi);
  const colour = COLOUR_HEX[bmiClass.colour] ?? bmiClass.colour;
  return (
    <div
      data-testid="bmi-badge"
      data-colour={bmiClass.colour}
      className={styles.bmiBadgeBox}
      style={{ border: `1px solid ${colour}`, color: colour }}
    >
      <span>BMI {bmi.toFixed(2)}</span>
      <span aria-label="BMI分类">{bmiClass.label}</span>
    </div>
  );
}

/** Four equal quarters, one per BMI class, with the marker at the domain's gauge position. */
function BmiGauge({ bmi }: { bmi: number }) {
  return (
    <div className={styles.bmiGaugeBox} aria-label={`BMI刻度 ${bmiGaugePercent(bmi)}%`}>
      <div className={styles.bmiGaugeBox2}>
        {BMI_CLASSES.map((c) => (
          <div
            key={c.code}
            className={styles.weightPageBox5}
            style={{ background: COLOUR_HEX[c.colour] ?? c.colour }}
          />
        ))}
      </div>
      <div className={styles.bmiGaugeBox3} style={{ left: `calc(${bmiGaugePercent(bmi)}% - 7px)` }} />
      <div className={styles.bmiGaugeBox4}>
        {BMI_CLASSES.map((c) => (
          <div key={c.code} className={styles.weightPageBox5}>
            {c.label}
          </div>
        ))}
      </div>
    </div>
  );
}

function IdealWeight({ heightCm }: { heightCm: number }) {
  const marks = idealWeightMarks(heightCm);
  return (
    <section className={styles.idealWeightSection}>
      <div className={styles.idealWeightBox}>
        <span>理想体重</span>
        <span aria-label="理想体重" className={styles.idealWeightText}>
          {idealWeightJin(heightCm)}斤
        </span>
      </div>
      <div className={styles.idealWeightBox2}>
        {BMI_CLASSES.map((c) => (
          <div
            key={c.code}
            className={styles.weightPageBox5}
            style={{ background: COLOUR_HEX[c.colour] ?? c.colour }}
          />
        ))}
      </div>
      <div className={styles.idealWeightBox3} aria-label="理想体重刻度">
        <span className={styles.weightPageBox5}>&lt;{marks.low}</span>
        <span className={styles.weightPageBox5}>
          {marks.low}~{marks.standard}
        </span>
        <span className={styles.weightPageBox5}>
          {marks.standard}~{marks.high}
        </span>
        <span className={styles.weightPageBox5}>≥{marks.high}</span>
      </div>
      <div className={styles.idealWeightBox4}>
        {BMI_CLASSES.map((c) => (
          <span key={c.code} className={styles.weightPageBox5}>
            {c.label}
          </span>
        ))}
      </div>
      <div className={styles.idealWeightBox5}>身高 {heightCm}cm，单位：斤</div>
    </section>
  );
}

const CHART_W = 350;
const CHART_H = 150;
/** How far a drag moves before the selection steps one record. */
const DRAG_STEP_PX = 36;

/**
 * The trend of the records, seven at a time, oldest on the left. Dragging right steps to older
 * records, left to newer; tapping a point selects it. `active` indexes the newest-first list.
 */
function WeightChart({
  records,
  active,
  onSelect,
}: {
  records: readonly WeightRecord[];
  active: number;
  onSelect: (index: number) => void;
}) {
  const drag = useRef<{ x: number; from: number } | null>(null);
  const total = records.length;
  // The window of 7 (newest-first indexes), kept so that the active record is inside it.
  const windowStart = Math.max(0, Math.min(active - Math.floor(WEIGHT_CHART_POINTS / 2), total - WEIGHT_CHART_POINTS));
  const shown = records
    .slice(windowStart, windowStart + WEIGHT_CHART_POINTS)
    .map((record, i) => ({ record, index: windowStart + i }));
  shown.reverse();
  // The value range is fitted with a minimum span (ADR 0108), so a change of half a jin does not
  // swing from the bottom of the chart to its top.
  const fitted = fitChartValueRange(
    shown.map((p) => p.record.weightJin),
    { minSpan: CHART_MIN_SPANS.weightJin },
  );
  const min = fitted?.min ?? 0;
  const span = (fitted?.max ?? 1) - min || 1;
  const step = CHART_W / WEIGHT_CHART_POINTS;
  // Fewer than 7 records sit on the right, the newest at the right edge; equal values sit mid-height.
  const offset = WEIGHT_CHART_POINTS - shown.length;
  const point = (i: number, v: number) => ({
    x: step / 2 + (offset + i) * step,
    y: 24 + (1 - (v - min) / span) * (CHART_H - 60),
  });
  const path = shown.map((p, i) => {
    const { x, y } = point(i, p.record.weightJin);
    return `${i === 0 ? 'M' : 'L'}${x},${y}`;
  });

  return (
    <svg
      role="img"
      aria-label="体重趋势图"
      viewBox={`0 0 ${CHART_W} ${CHART_H}`}
      className={styles.weightChartIcon}
      onPointerDown={(event) => {
        drag.current = { x: event.clientX, from: active };
      }}
      onPointerMove={(event) => {
        if (drag.current === null) {
          return;
        }
        const steps = Math.round((event.clientX - drag.current.x) / DRAG_STEP_PX);
        const next = Math.max(0, Math.min(total - 1, drag.current.from + steps));
        if (next !== active) {
          onSelect(next);
        }
      }}
      onPointerUp={() => {
        drag.current = null;
      }}
      onPointerCancel={() => {
        drag.current = null;
      }}
    >
      <path d={path.join(' ')} fill="none" stroke={tokens.colorChartLine} strokeWidth={2} />
      {shown.map((p, i) => {
        const { x, y } = point(i, p.record.weightJin);
        const selected = p.index === active;
        return (
          <g
            key={p.record.weightId}
            onClick={() => onSelect(p.index)}
            role="button"
            aria-label={`${p.record.createTime.slice(5, 10)} ${p.record.weightJin}斤`}
            aria-pressed={selected}
          >
            <circle
              cx={x}
              cy={y}
              r={selected ? 7 : 5}
              fill={selected ? tokens.colorChartLine : tokens.colorWhite}
              stroke={tokens.colorChartLine}
              strokeWidth={2}
            />
            <text x={x} y={y - 12} textAnchor="middle" fontSize={tokens.fontSize3xs} fill={tokens.colorText}>
              {p.record.weightJin}
            </text>
            <text x={x} y={CHART_H - 8} textAnchor="middle" fontSize={tokens.fontSize4xs} fill={tokens.colorWeak}>
              {p.record.createTime.slice(5, 10)}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

/** The add popup: height in cm (only while unknown), weight in jin with one decimal; 取消 / 保存. */
function WeightAddPopup({
  visible,
  heightKnown,
  onClose,
  onSaved,
}: {
  visible: boolean;
  heightKnown: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const [height, setHeight] = useState('');
  const [weight, setWeight] = useState('');
  const { busy: saving, run } = useSubmitGuard({ loader: false });
  const close = () => {
    setHeight('');
    setWeight('');
    onClose();
  };
  const save = async () => {
    const check = validateWeightEntry({ heightCm: height, weightJin: weight }, { heightKnown });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    await run(async () => {
      try {
        await api().POST('/weight/v1/add', {
          body: { weight: Number(weight), ...(heightKnown ? {} : { height: Number(height) }) },
        });
        toast(WEIGHT_ADDED_MESSAGE);
        setHeight('');
        setWeight('');
        onSaved();
      } catch (error) {
        showError(error);
      }
      return undefined;
    });
  };
  return (
    <Popup visible={visible} onMaskClick={close} bodyClassName={styles.sheet}>
      <div role="dialog" aria-label="记录体重">
        <h3 className={styles.weightAddPopupHeading}>记录体重</h3>
        {heightKnown ? null : (
          <label className={styles.row}>
            <span className={styles.weightAddPopupText}>身高</span>
            <Input
              aria-label="身高"
              type="number"
              inputMode="decimal"
              placeholder="请填写身高"
              value={height}
              onChange={(typed) => setHeight(limitDecimals(typed, 1))}
              className={styles.weightPageBox5}
            />
            <span>cm</span>
          </label>
        )}
        <label className={styles.row}>
          <span className={styles.weightAddPopupText}>体重</span>
          <Input
            aria-label="体重"
            type="number"
            inputMode="decimal"
            placeholder="请填写体重"
            value={weight}
            onChange={(typed) => setWeight(limitDecimals(typed, 1))}
            className={styles.weightPageBox5}
          />
          <span>斤</span>
        </label>
        <div className={styles.weightAddPopupBox}>
          <Button block onClick={close}>
            取消
          </Button>
          <Button block color="primary" disabled={saving} onClick={() => void save()}>
            保存
          </Button>
        </div>
      </div>
    </Popup>
  );
}
