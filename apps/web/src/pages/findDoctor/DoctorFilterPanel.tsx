import { Button, Popup } from 'antd-mobile';
import { useState } from 'react';
import { api } from '../../api';
import { RegionPicker, useRegionLabel, type Region } from '../../components/RegionPicker';
import { useApiData } from '../../hooks/useApiData';
import styles from './DoctorFilterPanel.module.css';

/** The find-doctor filters (spec 3 §2.1): can prescribe, levels, service types, region. */
export interface DoctorFilter {
  eleRx: boolean;
  levels: string[];
  serviceTypes: number[];
  region: Region | null;
}

export const NO_FILTER: DoctorFilter = { eleRx: false, levels: [], serviceTypes: [], region: null };

/** How many of the filters are set (the 筛选 button shows it). */
export function activeFilterCount(filter: DoctorFilter): number {
  return (
    (filter.eleRx ? 1 : 0) +
    (filter.levels.length > 0 ? 1 : 0) +
    (filter.serviceTypes.length > 0 ? 1 : 0) +
    (filter.region ? 1 : 0)
  );
}

function toggle<T>(list: readonly T[], value: T): T[] {
  return list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
}

function Chip({ on, label, onClick }: { on: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      aria-pressed={on}
      className={on ? `${styles.chip} ${styles.chipOn}` : styles.chip}
      onClick={onClick}
    >
      {label}
    </button>
  );
}

const loadOptions = async () => {
  const [dictionaries, serviceTypes] = await Promise.all([
    api().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'professional_level' } } }),
    api().GET('/consult/v1/getAllServiceType'),
  ]);
  return { levels: dictionaries.professional_level ?? [], serviceTypes };
};

/**
 * The filter panel: a draft the user changes freely, applied by 确定 and emptied by 重置; closing
 * the panel any other way keeps the filter as it was.
 */
export function DoctorFilterPanel({
  visible,
  value,
  onClose,
  onConfirm,
}: {
  visible: boolean;
  value: DoctorFilter;
  onClose: () => void;
  onConfirm: (filter: DoctorFilter) => void;
}) {
  const options = useApiData(loadOptions, '', { enabled: visible });
  const [draft, setDraft] = useState<DoctorFilter>(value);
  const [picking, setPicking] = useState(false);
  const regionLabel = useRegionLabel(draft.region);
  return (
    <Popup
      visible={visible}
      position="bottom"
      onMaskClick={onClose}
      afterShow={() => setDraft(value)}
      bodyClassName={styles.panel}
    >
      <div role="dialog" aria-label="筛选医生">
        <section className={styles.section}>
          <h3 className={styles.heading}>处方</h3>
          <div className={styles.chips}>
            <Chip on={draft.eleRx} label="可开处方" onClick={() => setDraft({ ...draft, eleRx: !draft.eleRx })} />
          </div>
        </section>
        <section className={styles.section}>
          <h3 className={styles.heading}>职称</h3>
          <div className={styles.chips}>
            {(options.data?.levels ?? []).map((level) => (
              <Chip
                key={level.itemKey}
                on={draft.levels.includes(level.itemKey)}
                label={level.itemValue}
                onClick={() => setDraft({ ...draft, levels: toggle(draft.levels, level.itemKey) })}
              />
            ))}
          </div>
        </section>
        <section className={styles.section}>
          <h3 className={styles.heading}>服务类型</h3>
          <div className={styles.chips}>
            {(options.data?.serviceTypes ?? []).map((type) => (
              <Chip
                key={type.serviceType}
                on={draft.serviceTypes.includes(type.serviceType)}
                label={type.serviceTypeName}
                onClick={() => setDraft({ ...draft, serviceTypes: toggle(draft.serviceTypes, type.serviceType) })}
              />
            ))}
          </div>
        </section>
        <section className={styles.section}>
          <h3 className={styles.heading}>地区</h3>
          <button type="button" className={styles.region} onClick={() => setPicking(true)}>
            {regionLabel || '全部地区'}
          </button>
          <RegionPicker
            visible={picking}
            value={draft.region}
            onClose={() => setPicking(false)}
            onConfirm={(region) => {
              setDraft({ ...draft, region });
              setPicking(false);
            }}
          />
        </section>
        <div className={styles.actions}>
          <Button size="large" onClick={() => setDraft(NO_FILTER)}>
            重置
          </Button>
          <Button size="large" color="primary" onClick={() => onConfirm(draft)}>
            确定
          </Button>
        </div>
      </div>
    </Popup>
  );
}
