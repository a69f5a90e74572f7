import { PAGE_SIZES, chinaDateKey, latestChinaDays } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback, useState } from 'react';
import { api } from '../../api';
import { BP_CELL, BpHeaderRow, bpRecordLevel } from '../reportCenter/bp/bpRows';
import { DAY_RANGES, RangeSelector } from '../reportCenter/RangeSelector';
import styles from './FollowingBpView.module.css';

type Record = Schema<'BloodPressureVo'>;

/** A followed patient's pressure readings in the chosen range, newest first, coloured by `color`; read-only (no add, no edit). */
export function FollowingBpView({ customerId }: { customerId: string }) {
  // The patient's own pressure table's range control and ranges (ADR 0110).
  const [days, setDays] = useState<number>(DAY_RANGES[0]?.value ?? 30);
  const loadPage = useCallback(
    (pageNo: number) => {
      const now = Date.now();
      return api().GET('/follower/v1/queryIFocusBloodPressure', {
        params: {
          query: {
            customerId,
            createStartTime: chinaDateKey(latestChinaDays(now, days).start),
            createEndTime: chinaDateKey(now),
            pageNo,
            pageSize: PAGE_SIZES.friendReports,
          },
        },
      });
    },
    [customerId, days],
  );
  return (
    <div className={styles.followingBpViewBox}>
      <RangeSelector options={DAY_RANGES} value={days} onChange={setDays} />
      <BpHeaderRow />
      <InfiniteList<Record>
        aria-label="亲友血压数据表"
        resetKey={`${customerId}-${days}`}
        loadPage={loadPage}
        emptyText="暂无血压数据"
        itemKey={(record) => record.bpId}
        renderItem={(record) => {
          const { colour } = bpRecordLevel(record);
          return (
            <div role="row" className={styles.followingBpViewBox2}>
              <span className={`${BP_CELL} ${styles.time}`}>{record.createTime.slice(5, 16)}</span>
              <span className={BP_CELL} style={{ color: colour }} data-colour={colour}>
                {record.sbp}
              </span>
              <span className={BP_CELL} style={{ color: colour }}>
                {record.dbp}
              </span>
              <span className={BP_CELL}>{record.hr}</span>
            </div>
          );
        }}
      />
    </div>
  );
}
