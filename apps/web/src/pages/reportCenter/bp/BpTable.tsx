import { chinaDateKey, latestChinaDays } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../../api';
import { ShareEntry } from '../../share/ShareEntry';
import { AddButton } from '../AddButton';
import { DAY_RANGES, RangeSelector } from '../RangeSelector';
import { BP_CELL, BpHeaderRow, bpRecordLevel } from './bpRows';
import styles from './BpTable.module.css';

type Record = Schema<'BloodPressureVo'>;

/** The pressure table's page size (spec 2 §9). */
const PAGE_SIZE = 20;
export const BP_EMPTY_TEXT = '暂无血压数据';
const ADD_PATH = '/reportCenter/bloodPressure/addBloodPressureReport/add';

/** The blood-pressure table (spec 2 §2.7): the range control (one kind on every tab), infinite list coloured by `color`, add button. */
export function BpTable() {
  const navigate = useNavigate();
  const [days, setDays] = useState<number>(DAY_RANGES[0]?.value ?? 30);
  const loadPage = useCallback(
    (pageNo: number) => {
      const now = Date.now();
      const { start } = latestChinaDays(now, days);
      return api().GET('/bloodPressureTest/v1/pageQueryList', {
        params: {
          query: {
            createStartTime: chinaDateKey(start),
            createEndTime: chinaDateKey(now),
            pageNo,
            pageSize: PAGE_SIZE,
          },
        },
      });
    },
    [days],
  );

  return (
    <div className={styles.bpTableBox}>
      <RangeSelector options={DAY_RANGES} value={days} onChange={setDays} />
      <ShareEntry kind="bloodPressure" />
      <BpHeaderRow />
      <InfiniteList<Record>
        aria-label="血压数据表"
        resetKey={days}
        loadPage={loadPage}
        emptyText={BP_EMPTY_TEXT}
        itemKey={(record) => record.bpId}
        renderItem={(record) => {
          const { level, colour } = bpRecordLevel(record);
          return (
            <div
              role="button"
              tabIndex={0}
              aria-label={`${record.createTime.slice(0, 16)} ${record.sbp}/${record.dbp}`}
              data-level={level}
              onClick={() => void navigate(`/reportCenter/bloodPressure/addBloodPressureReport/${record.bpId}`)}
              className={styles.bpTableBox3}
            >
              <span className={`${BP_CELL} ${styles.time}`}>{record.createTime.slice(0, 16)}</span>
              <span data-colour={colour} className={`${BP_CELL} ${styles.value}`} style={{ color: colour }}>
                {record.sbp}
              </span>
              <span data-colour={colour} className={`${BP_CELL} ${styles.value}`} style={{ color: colour }}>
                {record.dbp}
              </span>
              <span className={BP_CELL}>{record.hr}</span>
            </div>
          );
        }}
      />
      <AddButton label="添加血压" onClick={() => void navigate(ADD_PATH)} />
    </div>
  );
}
