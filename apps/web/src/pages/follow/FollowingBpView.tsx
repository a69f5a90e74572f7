import { PAGE_SIZES } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback } from 'react';
import { api } from '../../api';
import { BP_CELL, BpHeaderRow, bpRecordLevel } from '../reportCenter/bp/bpRows';
import styles from './FollowingBpView.module.css';

type Record = Schema<'BloodPressureVo'>;

/** A followed patient's pressure readings, newest first, coloured by `color`; read-only (no add, no edit). */
export function FollowingBpView({ customerId }: { customerId: string }) {
  const loadPage = useCallback(
    (pageNo: number) =>
      api().GET('/follower/v1/queryIFocusBloodPressure', {
        params: { query: { customerId, pageNo, pageSize: PAGE_SIZES.friendReports } },
      }),
    [customerId],
  );
  return (
    <div className={styles.followingBpViewBox}>
      <BpHeaderRow />
      <InfiniteList<Record>
        aria-label="亲友血压数据表"
        resetKey={customerId}
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
