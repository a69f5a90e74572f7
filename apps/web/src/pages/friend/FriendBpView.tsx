import { PAGE_SIZES, levelFromColor } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { InfiniteList } from '@glucoguard/ui';
import { useCallback } from 'react';
import type { CSSProperties } from 'react';
import { api } from '../../api';
import { BP_LEVEL_COLOURS } from '../reportCenter/colours';

type Record = Schema<'BloodPressureVo'>;
const cell: CSSProperties = { flex: 1, textAlign: 'center', padding: '10px 0', fontSize: 14 };

/** A followed patient's pressure readings, newest first, coloured by `color`; read-only (no add, no edit). */
export function FriendBpView({ customerId }: { customerId: string }) {
  const loadPage = useCallback(
    (pageNo: number) => api().GET('/follower/v1/queryIFocusBloodPressure', { params: { query: { customerId, pageNo, pageSize: PAGE_SIZES.friendReports } } }),
    [customerId],
  );
  return (
    <div style={{ background: '#fff', minHeight: '100%' }}>
      <div role="row" style={{ display: 'flex', background: 'var(--adm-color-box)', color: 'var(--adm-color-text-secondary)', fontSize: 13 }}>
        <span style={{ ...cell, flex: 1.6 }}>时间</span>
        <span style={cell}>收缩压</span>
        <span style={cell}>舒张压</span>
        <span style={cell}>脉搏</span>
      </div>
      <InfiniteList<Record>
        aria-label="亲友血压数据表"
        resetKey={customerId}
        loadPage={loadPage}
        emptyText="暂无血压数据"
        itemKey={(record) => record.bpId}
        renderItem={(record) => {
          const level = record.color === null ? undefined : levelFromColor(record.color);
          const colour = level === undefined ? undefined : BP_LEVEL_COLOURS[level];
          return (
            <div role="row" style={{ display: 'flex', borderBottom: '1px solid var(--adm-color-border)' }}>
              <span style={{ ...cell, flex: 1.6, fontSize: 13 }}>{record.createTime.slice(5, 16)}</span>
              <span style={{ ...cell, color: colour }} data-colour={colour}>
                {record.sbp}
              </span>
              <span style={{ ...cell, color: colour }}>{record.dbp}</span>
              <span style={cell}>{record.hr}</span>
            </div>
          );
        }}
      />
    </div>
  );
}
