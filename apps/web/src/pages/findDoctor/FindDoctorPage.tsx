import { DOCTOR_SEARCH_DEBOUNCE_MS, DOCTOR_SEARCH_MAX, PAGE_SIZES, doctorSearchInput } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { GuardedInput, InfiniteList } from '@glucoguard/ui';
import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { DoctorCard } from './DoctorCard';
import { DoctorFilterPanel, NO_FILTER, activeFilterCount, type DoctorFilter } from './DoctorFilterPanel';
import { doctorDetailPathOf } from './findDoctorPaths';
import styles from './FindDoctorPage.module.css';

type Doctor = Schema<'ConsultDoctorVo'>;

/** The list call's body for a search and a filter. */
export function doctorListBody(keyName: string, filter: DoctorFilter, pageNo: number) {
  return {
    pageNo,
    pageSize: PAGE_SIZES.doctors,
    ...(keyName !== '' && { keyName }),
    ...(filter.eleRx && { eleRxStatus: 1 as const }),
    ...(filter.levels.length > 0 && { professionalLevels: filter.levels }),
    ...(filter.serviceTypes.length > 0 && { serviceTypes: filter.serviceTypes as (1 | 2)[] }),
    ...(filter.region && {
      province: filter.region.province,
      city: filter.region.city,
      ...(filter.region.district !== null && { district: filter.region.district }),
    }),
  };
}

/**
 * /findDoctor/findDoctor (spec 3 §2.1): the doctors who consult online. The search box refuses
 * emoji (the field clears, 请不要输入表情), searches 300 ms after the last keystroke, and an empty box
 * clears the search at once; the filter panel narrows by prescribing, level, service type and
 * region; pages of 10 load as the list scrolls, with 暂无医生 when nothing matches.
 */
export default function FindDoctorPage() {
  useDocumentTitle('找医生');
  const [text, setText] = useState('');
  const [keyName, setKeyName] = useState('');
  const [filter, setFilter] = useState<DoctorFilter>(NO_FILTER);
  const [filtering, setFiltering] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const onText = (next: string) => {
    setText(next);
    if (timer.current !== null) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    const input = doctorSearchInput(next);
    if (input.kind === 'search') {
      timer.current = setTimeout(() => setKeyName(input.keyName), DOCTOR_SEARCH_DEBOUNCE_MS);
    } else {
      setKeyName('');
    }
  };

  const filters = activeFilterCount(filter);
  return (
    <div className={styles.page}>
      <div className={styles.bar}>
        <GuardedInput
          className={styles.search}
          aria-label="搜索医生"
          placeholder="搜索医生、医院、科室"
          maxLength={DOCTOR_SEARCH_MAX}
          clearable
          value={text}
          onChange={onText}
        />
        <button
          type="button"
          className={filters > 0 ? `${styles.filter} ${styles.filterOn}` : styles.filter}
          onClick={() => setFiltering(true)}
        >
          筛选{filters > 0 ? `(${filters})` : ''}
        </button>
      </div>
      <DoctorFilterPanel
        visible={filtering}
        value={filter}
        onClose={() => setFiltering(false)}
        onConfirm={(next) => {
          setFilter(next);
          setFiltering(false);
        }}
      />
      <div className={styles.list}>
        <InfiniteList<Doctor>
          aria-label="医生列表"
          resetKey={JSON.stringify([keyName, filter])}
          loadPage={(pageNo) =>
            api().POST('/consult/v1/pagedQueryDoctorList', { body: doctorListBody(keyName, filter, pageNo) })
          }
          itemKey={(doctor) => doctor.doctorId}
          renderItem={(doctor) => (
            <Link className={styles.item} to={doctorDetailPathOf(doctor)} aria-label={doctor.nickName}>
              <DoctorCard doctor={doctor} />
            </Link>
          )}
          emptyText="暂无医生"
          emptyExtra={keyName !== '' || filters > 0 ? '换个关键词或减少筛选条件试试' : null}
          finishedText="没有更多了"
        />
      </div>
    </div>
  );
}
