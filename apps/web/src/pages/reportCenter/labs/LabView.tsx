import {
  CHART_MIN_SPANS,
  LAB_LIMITS,
  LAB_REMARK_MAX,
  LAB_SAVED_MESSAGE,
  LAB_TEXTS,
  PAGE_SIZES,
  chinaDateKey,
  formatChinaTime,
  labBand,
  labCreateTimeStr,
  labEmptyWarning,
  latestChinaDays,
  limitDecimals,
  measuredTimePickerBounds,
  parseChinaDateTime,
  validateLabEntry,
} from '@glucoguard/domain';
import { EmptyState, GuardedTextArea, InfiniteList, tokens, TrendChart } from '@glucoguard/ui';
import { Button, DatePickerView, DotLoading, Input, Popup } from 'antd-mobile';
import { useState } from 'react';
import { useSubmitGuard } from '../../../hooks/useSubmitGuard';
import { useApiData } from '../../../hooks/useApiData';
import { bandHex } from '../../../components/bandPalette';
import { showError, toast } from '../../../ui/toast';
import { CHART_LIB } from '../chartLib';
import { DeleteReadingButton } from '../DeleteReadingButton';
import { DAY_RANGES, RangeSelector } from '../RangeSelector';
import { deleteLab, loadLabPage, saveLab } from './labApi';
import { LabGuide } from './LabGuide';
import type { LabRecord } from './labApi';
import type { LabKind, LabViewMode } from './types';
import styles from './LabView.module.css';

/** The chart reads one page of this many readings (spec 2 §9). */
const CHART_PAGE_SIZE = 100;

/** The list bounds of the latest `days` China days, as the list calls take them. */
function rangeQuery(days: number, now = Date.now()): { createStartTime: string; createEndTime: string } {
  const { start } = latestChinaDays(now, days);
  return { createStartTime: chinaDateKey(start), createEndTime: chinaDateKey(now) };
}

/**
 * A ketone or uric acid view of the report center (spec 2 §2.10): the table (date-range dropdown,
 * infinite two-column list coloured by the domain's band, the add popup) or the chart (one page of
 * 100 readings in the range as a line).
 */
export function LabView({ kind, view }: { kind: LabKind; view: LabViewMode }) {
  const [days, setDays] = useState<number>(DAY_RANGES[0]?.value ?? 30);
  return (
    <div className={styles.labViewBox}>
      <RangeSelector options={DAY_RANGES} value={days} onChange={setDays} />
      {view === 'table' ? <LabTable kind={kind} days={days} /> : <LabChart kind={kind} days={days} />}
    </div>
  );
}

function LabTable({ kind, days }: { kind: LabKind; days: number }) {
  const texts = LAB_TEXTS[kind];
  // Bumped after a save or a delete: empties the list and loads page 1 again.
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  return (
    <>
      <div className={styles.labTableBox}>
        <div className={styles.cell}>测量日期</div>
        <div className={styles.cell}>
          {texts.name}（{texts.unit}）
        </div>
        <div className={styles.actionCell} aria-hidden="true" />
      </div>
      <InfiniteList<LabRecord>
        aria-label={`${texts.name}记录`}
        resetKey={`${days}-${reload}`}
        emptyText={texts.tableEmpty}
        emptyExtra={<LabGuide kind={kind} />}
        itemKey={(item) => item.id}
        loadPage={(pageNo) =>
          loadLabPage(kind, {
            ...rangeQuery(days),
            pageNo,
            pageSize: PAGE_SIZES[kind === 'ketone' ? 'ketoneTable' : 'uricAcidTable'],
          })
        }
        renderItem={(item) => (
          <div role="row" className={styles.labTableBox2}>
            <div className={styles.cell}>{item.createTime.slice(0, 16)}</div>
            <div
              className={`${styles.cell} ${styles.cellVariant}`}
              style={{ color: bandHex(labBand(kind, item.value)) }}
              data-band={labBand(kind, item.value)}
            >
              {item.value}
            </div>
            <div className={styles.actionCell}>
              <DeleteReadingButton
                compact
                label={`删除${item.createTime.slice(5, 16)}的${texts.name}记录`}
                remove={() => deleteLab(kind, item.id)}
                onDone={() => setReload((n) => n + 1)}
              />
            </div>
          </div>
        )}
      />
      <Button
        color="primary"
        shape="rounded"
        aria-label={`添加${texts.name}`}
        onClick={() => setAdding(true)}
        className={styles.labTableButton}
      >
        +
      </Button>
      <LabAddPopup
        kind={kind}
        visible={adding}
        onClose={() => setAdding(false)}
        onSaved={() => {
          setAdding(false);
          setReload((n) => n + 1);
        }}
      />
    </>
  );
}

/** The add popup: value, measurement time (second popup, 35 % high, no future), remark; 取消 / 保存. */
export function LabAddPopup({
  kind,
  visible,
  onClose,
  onSaved,
}: {
  kind: LabKind;
  visible: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const texts = LAB_TEXTS[kind];
  const [value, setValue] = useState('');
  const [remark, setRemark] = useState('');
  const [time, setTime] = useState(() => new Date());
  const [picking, setPicking] = useState(false);
  const [pending, setPending] = useState(() => new Date());
  const { busy: saving, run } = useSubmitGuard({ loader: false });

  const clear = () => {
    setValue('');
    setRemark('');
    setTime(new Date());
  };
  const cancel = () => {
    setPicking(false);
    clear();
    onClose();
  };
  const save = async () => {
    const warning = labEmptyWarning(kind, value);
    if (warning !== null) {
      // The spec shows the message yet still sends the save (the API answers with the same words).
      toast(warning);
    } else {
      const check = validateLabEntry(kind, { value, createTime: time, remark }, Date.now());
      if (!check.ok) {
        toast(check.message);
        return;
      }
    }
    await run(async () => {
      try {
        await saveLab(kind, {
          value: value.trim() === '' ? null : Number(value),
          createTimeStr: labCreateTimeStr(time),
          remark,
        });
        toast(LAB_SAVED_MESSAGE);
        clear();
        onSaved();
      } catch (error) {
        if (warning === null) {
          showError(error);
        }
      }
      return undefined;
    });
  };

  return (
    <>
      <Popup visible={visible} onMaskClick={cancel} bodyClassName={styles.sheet}>
        <div role="dialog" aria-label={`添加${texts.name}`}>
          <h3 className={styles.labAddPopupHeading}>添加{texts.name}</h3>
          <label className={styles.labAddPopupLabel}>
            <span className={styles.labAddPopupText}>{texts.name}值</span>
            <Input
              aria-label={`${texts.name}值`}
              type="number"
              inputMode="decimal"
              placeholder={`请输入${texts.name}值`}
              value={value}
              onChange={(typed) => setValue(limitDecimals(typed, LAB_LIMITS[kind].decimals))}
              className={styles.labAddPopupInput}
            />
            <span className={styles.labAddPopupText2}>{texts.unit}</span>
          </label>
          <div className={styles.labAddPopupLabel}>
            <span className={styles.labAddPopupText}>测量时间</span>
            <button
              type="button"
              aria-label="测量时间"
              onClick={() => {
                setPending(time);
                setPicking(true);
              }}
              className={styles.labAddPopupButton}
            >
              {formatChinaTime(time, 'YYYY-MM-DD HH:mm')}
            </button>
          </div>
          <div className={styles.labAddPopupBox}>
            <GuardedTextArea
              aria-label="备注"
              placeholder="备注"
              maxLength={LAB_REMARK_MAX}
              rows={3}
              value={remark}
              onChange={setRemark}
            />
          </div>
          <div className={styles.labAddPopupBox2}>
            <Button block onClick={cancel}>
              取消
            </Button>
            <Button block color="primary" disabled={saving} onClick={() => void save()}>
              保存
            </Button>
          </div>
        </div>
      </Popup>
      <Popup
        visible={visible && picking}
        onMaskClick={() => setPicking(false)}
        bodyStyle={{ height: '35vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 }}
      >
        <div role="dialog" aria-label="选择测量时间" className={styles.labAddPopupBox3}>
          <div className={styles.labAddPopupBox4}>
            <Button fill="none" size="small" onClick={cancel}>
              取消
            </Button>
            <Button
              fill="none"
              size="small"
              color="primary"
              onClick={() => {
                setTime(pending);
                setPicking(false);
              }}
            >
              确定
            </Button>
          </div>
          <div className={styles.labAddPopupBox5}>
            <DatePickerView
              precision="minute"
              {...measuredTimePickerBounds(new Date())}
              value={pending}
              onChange={setPending}
              className={styles.labAddPopupDatePickerView}
            />
          </div>
        </div>
      </Popup>
    </>
  );
}

function LabChart({ kind, days }: { kind: LabKind; days: number }) {
  const texts = LAB_TEXTS[kind];
  const read = useApiData(
    () => loadLabPage(kind, { ...rangeQuery(days), pageNo: 1, pageSize: CHART_PAGE_SIZE }),
    [kind, days],
    { clear: true },
  );
  const state: { days: number; records: readonly LabRecord[]; more: boolean } | 'failed' | null = read.failed
    ? 'failed'
    : read.data === null
      ? null
      : { days, records: read.data.items, more: read.data.totalPage > 1 };
  if (state === null || (state !== 'failed' && state.days !== days)) {
    return (
      <div className={styles.labChartBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (state === 'failed') {
    return <EmptyState title={texts.chartEmpty} />;
  }
  if (state.records.length === 0) {
    return (
      <EmptyState title={texts.chartEmpty}>
        <LabGuide kind={kind} />
      </EmptyState>
    );
  }
  const points = state.records.flatMap((record) => {
    const instant = parseChinaDateTime(record.createTime);
    return instant === null ? [] : [{ time: instant.getTime(), value: record.value }];
  });
  return (
    <div className={styles.labChartBox2}>
      {/* The chart names what it shows (ADR 0109): the whole range, or only its latest page of readings. */}
      <div className={styles.labChartBox3}>
        近{days}天{state.more ? `最近 ${CHART_PAGE_SIZE}` : `共 ${points.length}`} 次测量 · 单位：{texts.unit}
      </div>
      <TrendChart
        lib={CHART_LIB}
        series={[{ name: texts.name, colour: tokens.colorChartLine, points }]}
        days={state.more ? undefined : days}
        minSpan={CHART_MIN_SPANS[kind]}
        precision={LAB_LIMITS[kind].decimals}
        aria-label={`${texts.name}趋势图`}
      />
    </div>
  );
}
