import { SUGAR_TIME_TYPES, formatSugar, resolveSugarRange, sugarCellColour } from '@glucoguard/domain';
import type { SugarDictionaryEntry } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { DotLoading, List, Popup } from 'antd-mobile';
import { Link } from 'react-router-dom';
import { useApiData } from '../../../hooks/useApiData';
import { api } from '../../../api';
import { showError } from '../../../ui/toast';
import { CELL_COLOURS } from '../colours';
import styles from './SugarDayPopup.module.css';

type Reading = Schema<'SugarTestVo'>;

export interface SugarDayPopupProps {
  /** The China date (yyyy-MM-dd) whose readings to list; closed when null. */
  day: string | null;
  dictionary: readonly SugarDictionaryEntry[];
  /** The owner may edit readings without a device; a friend viewing the list may not. */
  canEdit: boolean;
  onClose: () => void;
}

/** The pop-up listing one day's readings (spec 2 §2.2). */
export function SugarDayPopup({ day, dictionary, canEdit, onClose }: SugarDayPopupProps) {
  const read = useApiData(
    async () =>
      [...(await api().GET('/sugarTest/v1/queryDayData', { params: { query: { dateTime: day ?? '' } } }))].sort(
        (a, b) => a.createTime.localeCompare(b.createTime),
      ),
    day,
    { enabled: day !== null, clear: true, onError: showError },
  );
  const readings: Reading[] | null = read.failed ? [] : read.data;

  return (
    <Popup
      visible={day !== null}
      onMaskClick={onClose}
      onClose={onClose}
      bodyStyle={{ borderTopLeftRadius: 12, borderTopRightRadius: 12, maxHeight: '70vh', overflowY: 'auto' }}
    >
      <div role="dialog" aria-label={day === null ? undefined : `${day}的血糖记录`}>
        <div className={styles.sugarDayPopupBox}>{day}</div>
        {readings === null ? (
          <div className={styles.sugarDayPopupBox2}>
            <DotLoading aria-label="加载中" />
          </div>
        ) : readings.length === 0 ? (
          <EmptyState />
        ) : (
          <List>
            {readings.map((reading) => {
              const range = resolveSugarRange(reading.timeType, dictionary);
              const colour = range === undefined ? undefined : CELL_COLOURS[sugarCellColour(reading.sugar, range)];
              const slot = SUGAR_TIME_TYPES.find((t) => t.timeType === reading.timeType)?.name ?? '';
              const tags = reading.tags.filter((tag) => tag.itemKey !== '0').map((tag) => tag.itemValue);
              return (
                <List.Item
                  key={reading.testId}
                  prefix={<span className={styles.sugarDayPopupText}>{reading.createTime.slice(11, 16)}</span>}
                  description={[...tags, reading.remark].filter((text) => text !== '').join(' · ') || undefined}
                  extra={
                    canEdit && reading.deviceImei === null ? (
                      <Link
                        to={`/reportCenter/bloodSugar/addBloodSugarReport/${reading.testId}`}
                        aria-label={`编辑${reading.createTime.slice(11, 16)}的血糖`}
                        data-tap-area
                      >
                        编辑
                      </Link>
                    ) : reading.deviceImei === null ? null : !canEdit ? (
                      <span className={styles.sugarDayPopupText2}>设备测量</span>
                    ) : (
                      // The owner opens a meter's reading read-only (spec 2 §2.4 type=device).
                      <Link
                        to={`/reportCenter/bloodSugar/addBloodSugarReport/${reading.testId}?type=device`}
                        aria-label={`查看${reading.createTime.slice(11, 16)}的设备测量血糖`}
                        className={styles.sugarDayPopupText2}
                        data-tap-area
                      >
                        设备测量
                      </Link>
                    )
                  }
                >
                  <span>{slot}</span>{' '}
                  <strong data-colour={colour} style={{ color: colour }}>
                    {formatSugar(reading.sugar)}
                  </strong>{' '}
                  <span className={styles.sugarDayPopupText3}>mmol/L</span>
                </List.Item>
              );
            })}
          </List>
        )}
      </div>
    </Popup>
  );
}
