import { PAGE_SIZES, SUGAR_TIME_TYPES, formatSugar, reportLevelColour } from '@glucoguard/domain';
import type { SugarLevel, SUGAR_TABLE_RANGE_DAYS } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { DataTable, EmptyState } from '@glucoguard/ui';
import type { DataTableColumn } from '@glucoguard/ui';
import { DotLoading, List, Popup, Tag } from 'antd-mobile';
import { useState } from 'react';
import { useApiData } from '../../hooks/useApiData';
import { api } from '../../api';
import { showError } from '../../ui/toast';
import { CELL_COLOURS } from '../reportCenter/colours';
import { RangeSelector, TABLE_RANGES } from '../reportCenter/RangeSelector';
import { SugarCounts } from '../reportCenter/sugar/SugarCounts';
import table from '../reportCenter/sugar/SugarTable.module.css';
import styles from './FollowingSugarView.module.css';

type Day = Schema<'FriendSugarDay'>;
type Reading = Schema<'FriendSugarReading'>;
type Stat = Schema<'FriendStat'>;
type DateType = keyof typeof SUGAR_TABLE_RANGE_DAYS;

const colourOf = (level: SugarLevel | null) => (level === null ? undefined : CELL_COLOURS[reportLevelColour(level)]);

/** Every day of the range: the latest 90 days are at most five pages of 20. */
async function loadAllDays(customerId: string, dateType: DateType): Promise<Day[]> {
  const days: Day[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await api().GET('/follower/v1/queryIFocusData', {
      params: { query: { customerId, dateType, pageNo, pageSize: PAGE_SIZES.friendReports } },
    });
    days.push(...page.items);
    if (page.currentPage >= page.totalPage) {
      return days;
    }
  }
}

/** A slot column: the slot's latest reading of the day, coloured by its level, marked when there are several. */
function slotColumn(timeType: number, code: string, name: string): DataTableColumn<Day> {
  const readings = (day: Day) => day.sugarTestMaps.filter((r) => r.timeType === timeType);
  return {
    key: code,
    title: name,
    colour: (day) => colourOf(readings(day).at(-1)?.pj ?? null),
    render: (day) => {
      const slot = readings(day);
      const latest = slot.at(-1);
      if (latest === undefined) {
        return '';
      }
      return (
        <>
          {formatSugar(latest.sugar)}
          {slot.length > 1 ? <span aria-label={`${slot.length}次测量`} className={table.slotColumnText} /> : null}
        </>
      );
    },
  };
}

/**
 * A followed patient's sugar, read-only (spec 2 §2.15, §3 friend statistics and day list): the
 * range, the five levels with the total, and the day table; a day opens its readings without edit.
 */
export function FollowingSugarView({ customerId }: { customerId: string }) {
  const [dateType, setDateType] = useState<DateType>(1);
  const [openDay, setOpenDay] = useState<Day | null>(null);
  const read = useApiData(
    async () => {
      const [stat, rows] = await Promise.all([
        api().GET('/follower/v1/queryIFocusStat', { params: { query: { customerId, dateType } } }),
        loadAllDays(customerId, dateType),
      ]);
      return { stat, rows };
    },
    [customerId, dateType],
    { onError: showError },
  );
  // The counts of the previous range stay up while the next range's days load.
  const stat: Stat | null = read.data?.stat ?? null;
  const days: Day[] | null = read.loading ? null : read.failed ? [] : (read.data?.rows ?? null);

  const columns: DataTableColumn<Day>[] = [
    { key: 'dateTime', title: '日期', width: 46, render: (day) => day.dateTime.slice(5) },
    ...SUGAR_TIME_TYPES.map((slot) => slotColumn(slot.timeType, slot.code, slot.name)),
  ];

  return (
    <div>
      <div className={table.sugarTableBox}>
        <RangeSelector options={TABLE_RANGES} value={dateType} onChange={setDateType} />
        <SugarCounts counts={stat} />
      </div>
      <div className={table.sugarTableBox3}>
        {days === null ? (
          <div className={table.sugarTableBox4}>
            <DotLoading aria-label="加载中" />
          </div>
        ) : days.length === 0 ? (
          <EmptyState />
        ) : (
          <DataTable
            aria-label="亲友血糖数据表"
            columns={columns}
            rows={days}
            rowKey={(day) => day.dateTime}
            onRowClick={setOpenDay}
            rowLabel={(day) => `查看${day.dateTime}的血糖`}
          />
        )}
      </div>
      <Popup
        visible={openDay !== null}
        onMaskClick={() => setOpenDay(null)}
        onClose={() => setOpenDay(null)}
        bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', overflowY: 'auto' }}
      >
        {openDay === null ? null : (
          <div role="dialog" aria-label={`${openDay.dateTime}的血糖记录`}>
            <div className={styles.followingSugarViewBox5}>{openDay.dateTime}</div>
            <List>
              {openDay.sugarTestMaps.map((reading: Reading) => (
                <List.Item
                  key={reading.testId}
                  prefix={<span className={styles.followingSugarViewText}>{reading.createTime.slice(11, 16)}</span>}
                  description={reading.remark || undefined}
                  extra={reading.deviceImei === null ? null : <Tag fill="outline">设备测量</Tag>}
                >
                  <span>{SUGAR_TIME_TYPES.find((t) => t.timeType === reading.timeType)?.name ?? ''}</span>
                  <span
                    data-colour={colourOf(reading.pj)}
                    className={styles.followingSugarViewText2}
                    style={{ color: colourOf(reading.pj) }}
                  >
                    {formatSugar(reading.sugar)}
                  </span>
                  <span className={styles.followingSugarViewText3}>mmol/L</span>
                </List.Item>
              ))}
            </List>
          </div>
        )}
      </Popup>
    </div>
  );
}
