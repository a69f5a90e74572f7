import { levelFromColor, type BpLevel } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import type { CSSProperties } from 'react';
import { BP_LEVEL_COLOURS } from '../colours';

/** One cell of a pressure table's row. */
export const BP_CELL: CSSProperties = { flex: 1, textAlign: 'center', padding: '10px 0', fontSize: 14 };

/** The header row of a pressure table, the patient's own and a follower's alike. */
export function BpHeaderRow() {
  return (
    <div
      role="row"
      style={{
        display: 'flex',
        background: 'var(--adm-color-box)',
        color: 'var(--adm-color-text-secondary)',
        fontSize: 13,
      }}
    >
      <span style={{ ...BP_CELL, flex: 1.6 }}>时间</span>
      <span style={BP_CELL}>收缩压</span>
      <span style={BP_CELL}>舒张压</span>
      <span style={BP_CELL}>脉搏</span>
    </div>
  );
}

/** A reading's level and table colour, from the `color` the server judged it with. */
export function bpRecordLevel(record: Pick<Schema<'BloodPressureVo'>, 'color'>): { level?: BpLevel; colour?: string } {
  const level = record.color === null ? undefined : levelFromColor(record.color);
  return level === undefined ? {} : { level, colour: BP_LEVEL_COLOURS[level] };
}
