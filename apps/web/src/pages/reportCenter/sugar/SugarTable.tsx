import {
  SUGAR_TIME_TYPES,
  formatSugar,
  parseSugarDayCell,
  resolveSugarRange,
  sugarCellColour,
} from '@glucoguard/domain';
import type { SugarDictionaryEntry, SugarSlotCode, SUGAR_TABLE_RANGE_DAYS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { DataTable, EmptyState } from '@glucoguard/ui';
import type { DataTableColumn } from '@glucoguard/ui';
import { DotLoading } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { ShareEntry } from '../../share/ShareEntry';
import { AddButton } from '../AddButton';
import { showError } from '../../../ui/toast';
import { CELL_COLOURS } from '../colours';
import { RangeSelector, TABLE_RANGES } from '../RangeSelector';
import { SugarCounts, type SugarCountValues } from './SugarCounts';
import { SugarDayPopup } from './SugarDayPopup';
import { useSugarRanges } from './useSugarRanges';
import styles from './SugarTable.module.css';

type DayRow = Schema<'SugarDayRow'>;
type Judge = Schema<'SugarJudge'>;
type DateType = keyof typeof SUGAR_TABLE_RANGE_DAYS;

/** The sugar table's page size (spec 2 §9). */
const PAGE_SIZE = 20;
/** Add a reading. */
export const ADD_SUGAR_PATH = '/reportCenter/bloodSugar/addBloodSugarReport/add';

/** The judge summary's counts by level (spec 2 §3: normalCount, highCount, …). */
function judgeCounts(judge: Judge): SugarCountValues {
  return {
    total: judge.total,
    normal: judge.normalCount,
    high: judge.highCount,
    low: judge.lowCount,
    seriousHigh: judge.seriousHighCount,
    seriousLow: judge.seriousLowCount,
  };
}

/** Every row of the range: the latest 90 days are at most five pages of 20. */
async function loadAllDays(dateType: DateType): Promise<DayRow[]> {
  const rows: DayRow[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await api().GET('/sugarTestReport/v1/queryLog', {
      params: { query: { dateType, pageNo, pageSize: PAGE_SIZE } },
    });
    rows.push(...page.items);
    if (page.currentPage >= page.totalPage) {
      return rows;
    }
  }
}

/** A slot column: the cell's value, the domain's colour and a mark when the slot holds several readings. */
function slotColumn(
  code: SugarSlotCode,
  name: string,
  timeType: number,
  dictionary: readonly SugarDictionaryEntry[],
): DataTableColumn<DayRow> {
  const range = resolveSugarRange(timeType, dictionary);
  return {
    key: code,
    title: name,
    colour: (row) => {
      const cell = parseSugarDayCell(row[code]);
      return cell === null || range === undefined ? undefined : CELL_COLOURS[sugarCellColour(cell.value, range)];
    },
    render: (row) => {
      const cell = parseSugarDayCell(row[code]);
      if (cell === null) {
        return '';
      }
      return (
        <>
          {formatSugar(cell.value)}
          {cell.multiple ? (
            <span aria-label={`${cell.count}次测量`} title={`${cell.count}次测量`} className={styles.slotColumnText} />
          ) : null}
        </>
      );
    },
  };
}

/** The sugar table (spec 2 §2.2): the range control, six counts, the day table, the day pop-up and the add button. */
export function SugarTable() {
  const navigate = useNavigate();
  const dictionary = useSugarRanges();
  const [dateType, setDateType] = useState<DateType>(1);
  const [openDay, setOpenDay] = useState<string | null>(null);
  const read = useApiData(
    async () => {
      const [days, counts] = await Promise.all([
        loadAllDays(dateType),
        api().GET('/sugarTestReport/v1/queryJudge', { params: { query: { dateType } } }),
      ]);
      return { days, counts };
    },
    dateType,
    { onError: showError },
  );
  // The counts of the previous range stay up while the next range's days load.
  const rows: DayRow[] | null = read.loading ? null : read.failed ? [] : (read.data?.days ?? null);
  const judge: Judge | null = read.data?.counts ?? null;

  const columns: DataTableColumn<DayRow>[] = [
    { key: 'dtime', title: '日期', width: 46, render: (row) => row.dtime.slice(5) },
    ...SUGAR_TIME_TYPES.map((slot) => slotColumn(slot.code, slot.name, slot.timeType, dictionary ?? [])),
  ];

  return (
    <div>
      <div className={styles.sugarTableBox}>
        <RangeSelector options={TABLE_RANGES} value={dateType} onChange={setDateType} />
        <ShareEntry kind="sugar" />
        <SugarCounts counts={judge === null ? null : judgeCounts(judge)} />
      </div>
      <div className={styles.sugarTableBox3}>
        {rows === null || dictionary === null ? (
          <div className={styles.sugarTableBox4}>
            <DotLoading aria-label="加载中" />
          </div>
        ) : rows.length === 0 ? (
          <EmptyState />
        ) : (
          <DataTable
            aria-label="血糖数据表"
            columns={columns}
            rows={rows}
            rowKey={(row) => row.dtime}
            onRowClick={(row) => setOpenDay(row.dtime)}
            rowLabel={(row) => `查看${row.dtime}的血糖`}
          />
        )}
      </div>
      <SugarDayPopup day={openDay} dictionary={dictionary ?? []} canEdit onClose={() => setOpenDay(null)} />
      <AddButton label="添加血糖" onClick={() => void navigate(ADD_SUGAR_PATH)} />
    </div>
  );
}
