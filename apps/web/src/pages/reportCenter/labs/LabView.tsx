import {
  LAB_LIMITS,
  LAB_REMARK_MAX,
  LAB_SAVED_MESSAGE,
  LAB_TEXTS,
  PAGE_SIZES,
  SUGAR_TABLE_RANGE_DAYS,
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
import { EmptyState, GuardedTextArea, InfiniteList, TrendChart } from '@glucoguard/ui';
import { Button, DatePickerView, DotLoading, Dropdown, Input, Popup } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { bandHex } from '../../../components/bandPalette';
import { showError, toast } from '../../../session/errors';
import { CHART_LIB } from '../chartLib';
import { DeleteReadingButton } from '../DeleteReadingButton';
import { deleteLab, loadLabPage, saveLab } from './labApi';
import type { LabRecord } from './labApi';
import type { LabKind, LabViewMode } from './types';

/** The ranges of the date-range dropdown: the latest 30, 60 or 90 days (as the tables of spec 2 §9). */
const RANGES = Object.entries(SUGAR_TABLE_RANGE_DAYS).map(([dateType, days]) => ({
  key: dateType,
  days,
  label: `近${days}天`,
}));
/** The row's delete button: a 44-pixel tap target beside the two columns. */
const ACTION_CELL = {
  width: 72,
  flex: 'none',
  display: 'flex',
  justifyContent: 'center',
  padding: '4px 8px 4px 0',
} as const;
/** The chart reads one page of this many readings (spec 2 §9). */
const CHART_PAGE_SIZE = 100;

/** The list bounds of the latest `days` China days, as the list calls take them. */
function rangeQuery(days: number, now = Date.now()): { createStartTime: string; createEndTime: string } {
  const { start } = latestChinaDays(now, days);
  return { createStartTime: chinaDateKey(start), createEndTime: chinaDateKey(now) };
}

function RangeDropdown({ days, onChange }: { days: number; onChange: (days: number) => void }) {
  const current = RANGES.find((range) => range.days === days) ?? RANGES[0];
  return (
    <Dropdown>
      <Dropdown.Item key="range" title={current?.label ?? ''}>
        <div role="listbox" aria-label="日期范围" style={{ padding: '4px 0' }}>
          {RANGES.map((range) => (
            <div
              key={range.key}
              role="option"
              aria-selected={range.days === days}
              tabIndex={0}
              onClick={() => onChange(range.days)}
              style={{ padding: '12px 20px', color: range.days === days ? 'var(--adm-color-primary)' : undefined }}
            >
              {range.label}
            </div>
          ))}
        </div>
      </Dropdown.Item>
    </Dropdown>
  );
}

/**
 * A ketone or uric acid view of the report center (spec 2 §2.10): the table (date-range dropdown,
 * infinite two-column list coloured by the domain's band, the add popup) or the chart (one page of
 * 100 readings in the range as a line).
 */
export function LabView({ kind, view }: { kind: LabKind; view: LabViewMode }) {
  const [days, setDays] = useState<number>(RANGES[0]?.days ?? 30);
  return (
    <div style={{ background: '#fff', minHeight: '100%', paddingBottom: 80 }}>
      <RangeDropdown days={days} onChange={setDays} />
      {view === 'table' ? <LabTable kind={kind} days={days} /> : <LabChart kind={kind} days={days} />}
    </div>
  );
}

function LabTable({ kind, days }: { kind: LabKind; days: number }) {
  const texts = LAB_TEXTS[kind];
  // Bumped after a save or a delete: empties the list and loads page 1 again.
  const [reload, setReload] = useState(0);
  const [adding, setAdding] = useState(false);
  const cell = { flex: 1, padding: '12px 16px', textAlign: 'center' } as const;
  return (
    <>
      <div style={{ display: 'flex', background: '#f7f8fa', fontSize: 14, color: 'var(--adm-color-text-secondary)' }}>
        <div style={cell}>测量日期</div>
        <div style={cell}>
          {texts.name}（{texts.unit}）
        </div>
        <div style={ACTION_CELL} aria-hidden="true" />
      </div>
      <InfiniteList<LabRecord>
        aria-label={`${texts.name}记录`}
        resetKey={`${days}-${reload}`}
        emptyText={texts.tableEmpty}
        itemKey={(item) => item.id}
        loadPage={(pageNo) =>
          loadLabPage(kind, {
            ...rangeQuery(days),
            pageNo,
            pageSize: PAGE_SIZES[kind === 'ketone' ? 'ketoneTable' : 'uricAcidTable'],
          })
        }
        renderItem={(item) => (
          <div
            role="row"
            style={{ display: 'flex', alignItems: 'center', borderBottom: '1px solid #f0f0f0', fontSize: 15 }}
          >
            <div style={cell}>{item.createTime.slice(0, 16)}</div>
            <div
              style={{ ...cell, color: bandHex(labBand(kind, item.value)), fontWeight: 600 }}
              data-band={labBand(kind, item.value)}
            >
              {item.value}
            </div>
            <div style={ACTION_CELL}>
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
        style={{
          position: 'fixed',
          right: 20,
          bottom: 90,
          width: 56,
          height: 56,
          fontSize: 28,
          lineHeight: 1,
          boxShadow: '0 4px 12px rgba(0,0,0,0.15)',
          zIndex: 10,
        }}
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
  const [saving, setSaving] = useState(false);

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
    if (saving) {
      return;
    }
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
    setSaving(true);
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
    } finally {
      setSaving(false);
    }
  };

  return (
    <>
      <Popup
        visible={visible}
        onMaskClick={cancel}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, padding: '16px 20px 24px' }}
      >
        <div role="dialog" aria-label={`添加${texts.name}`}>
          <h3 style={{ margin: '0 0 12px', textAlign: 'center', fontSize: 17 }}>添加{texts.name}</h3>
          <label
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '10px 0',
              borderBottom: '1px solid #f0f0f0',
            }}
          >
            <span style={{ width: 72 }}>{texts.name}值</span>
            <Input
              aria-label={`${texts.name}值`}
              type="number"
              inputMode="decimal"
              placeholder={`请输入${texts.name}值`}
              value={value}
              onChange={(typed) => setValue(limitDecimals(typed, LAB_LIMITS[kind].decimals))}
              style={{ flex: 1 }}
            />
            <span style={{ color: 'var(--adm-color-weak)' }}>{texts.unit}</span>
          </label>
          <div
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '10px 0',
              borderBottom: '1px solid #f0f0f0',
            }}
          >
            <span style={{ width: 72 }}>测量时间</span>
            <button
              type="button"
              aria-label="测量时间"
              onClick={() => {
                setPending(time);
                setPicking(true);
              }}
              style={{
                flex: 1,
                textAlign: 'left',
                background: 'none',
                border: 'none',
                padding: 0,
                fontSize: 15,
                color: 'inherit',
              }}
            >
              {formatChinaTime(time, 'YYYY-MM-DD HH:mm')}
            </button>
          </div>
          <div style={{ padding: '10px 0' }}>
            <GuardedTextArea
              aria-label="备注"
              placeholder="备注"
              maxLength={LAB_REMARK_MAX}
              rows={3}
              value={remark}
              onChange={setRemark}
            />
          </div>
          <div style={{ display: 'flex', gap: 12, marginTop: 12 }}>
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
        <div
          role="dialog"
          aria-label="选择测量时间"
          style={{ display: 'flex', flexDirection: 'column', height: '100%' }}
        >
          <div style={{ display: 'flex', justifyContent: 'space-between', padding: '10px 16px' }}>
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
          <div style={{ flex: 1, overflow: 'hidden' }}>
            <DatePickerView
              precision="minute"
              {...measuredTimePickerBounds(new Date())}
              value={pending}
              onChange={setPending}
              style={{ '--height': '100%' }}
            />
          </div>
        </div>
      </Popup>
    </>
  );
}

function LabChart({ kind, days }: { kind: LabKind; days: number }) {
  const texts = LAB_TEXTS[kind];
  const [state, setState] = useState<{ days: number; records: readonly LabRecord[] } | 'failed' | null>(null);
  useEffect(() => {
    let live = true;
    loadLabPage(kind, { ...rangeQuery(days), pageNo: 1, pageSize: CHART_PAGE_SIZE }).then(
      (page) => live && setState({ days, records: page.items }),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [kind, days]);
  if (state === null || (state !== 'failed' && state.days !== days)) {
    return (
      <div style={{ padding: 40, textAlign: 'center' }}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (state === 'failed' || state.records.length === 0) {
    return <EmptyState title={texts.chartEmpty} />;
  }
  const points = state.records.flatMap((record) => {
    const instant = parseChinaDateTime(record.createTime);
    return instant === null ? [] : [{ time: instant.getTime(), value: record.value }];
  });
  return (
    <div style={{ padding: '12px 8px' }}>
      <div style={{ fontSize: 13, color: 'var(--adm-color-weak)', margin: '0 8px 8px' }}>
        {texts.name}（{texts.unit}）
      </div>
      <TrendChart
        lib={CHART_LIB}
        series={[{ name: texts.name, colour: '#1677ff', points }]}
        precision={LAB_LIMITS[kind].decimals}
        aria-label={`${texts.name}趋势图`}
      />
    </div>
  );
}
