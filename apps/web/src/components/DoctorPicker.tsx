import { DOCTOR_ROLE_TYPES } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading, List, Popup, SearchBar, Tabs, Tag } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useSubmitGuard } from '../hooks/useSubmitGuard';
import { api } from '../api';
import { useApiData } from '../hooks/useApiData';
import { showError } from '../ui/toast';
import { RegionPicker, useRegionLabel } from './RegionPicker';
import type { Region } from './RegionPicker';
import styles from './DoctorPicker.module.css';

export type PickedDoctor = Schema<'DoctorVo'>;
type Hospital = Schema<'HospitalVo'>;
type Department = Schema<'DepartmentVo'>;

/** Where the picker stands: the three steps, and the search that jumps straight to a doctor list. */
type Step =
  | { kind: 'hospital' }
  | { kind: 'department'; hospital: Hospital }
  | { kind: 'doctor'; hospital: Hospital; department: Department }
  | { kind: 'search'; keyword: string; back: Exclude<Step, { kind: 'search' }> };

export interface DoctorPickerProps {
  visible: boolean;
  onClose: () => void;
  /** Called with the chosen doctor or educator nurse; the picker closes itself when it resolves. */
  onPick: (doctor: PickedDoctor) => void | Promise<void>;
  /** The region to list hospitals of first (the user's own); without one every hospital is listed. */
  initialRegion?: Region | null;
  title?: string;
}

/** Links the customer to the chosen carer (spec: POST /customer/v1/saveDoctor). */
export function saveChosenDoctor(doctor: PickedDoctor) {
  return api().POST('/customer/v1/saveDoctor', {
    body: { doctorId: doctor.doctorId, doctorName: doctor.doctorName, roleType: doctor.roleType },
  });
}

/** Loads a list for the current step; `null` while loading, `[]` after a failure (already toasted). */
function useList<T>(load: (() => Promise<T[]>) | null, key: string): T[] | null {
  // The key names what is loaded; the loader itself is rebuilt on every render.
  const list = useApiData(load ?? (() => Promise.resolve([])), key, {
    enabled: load !== null,
    clear: true,
    onError: showError,
  });
  return list.failed ? [] : list.data;
}

function Loading() {
  return (
    <div role="status" aria-label="加载中" className={styles.loadingBox}>
      <DotLoading />
    </div>
  );
}

function DoctorList({
  doctors,
  onPick,
  showPlace,
}: {
  doctors: PickedDoctor[] | null;
  onPick: (doctor: PickedDoctor) => void;
  showPlace: boolean;
}) {
  if (doctors === null) {
    return <Loading />;
  }
  if (doctors.length === 0) {
    return <EmptyState title="暂无医生" />;
  }
  return (
    <List aria-label="医生列表">
      {doctors.map((doctor) => (
        <List.Item
          key={doctor.doctorId}
          clickable
          onClick={() => onPick(doctor)}
          description={showPlace ? `${doctor.organizationName} ${doctor.departmentName}` : doctor.phone}
          extra={
            <Tag color={doctor.roleType === 2 ? 'success' : 'primary'} fill="outline">
              {doctor.roleName}
            </Tag>
          }
        >
          {doctor.doctorName}
          <span className={styles.doctorListText}>{doctor.title}</span>
        </List.Item>
      ))}
    </List>
  );
}

/**
 * The doctor picker (spec 2 §4 "Device binding", §7): hospital (filtered by region) → department →
 * doctor or educator nurse, with a back step, and a search by name or phone that jumps to a doctor
 * list. Used by the health record and by device binding; the caller decides what choosing does.
 */
export function DoctorPicker({
  visible,
  onClose,
  onPick,
  initialRegion = null,
  title = '选择就诊医生',
}: DoctorPickerProps) {
  const [step, setStep] = useState<Step>({ kind: 'hospital' });
  const [region, setRegion] = useState<Region | null>(null);
  const [regionOpen, setRegionOpen] = useState(false);
  const [roleType, setRoleType] = useState<1 | 2>(1);
  const [keyword, setKeyword] = useState('');
  // A second tap while the choice is saved is ignored.
  const { run } = useSubmitGuard({ loader: false });
  const regionLabel = useRegionLabel(region);

  // Every opening starts afresh at the hospitals of the user's city.
  useEffect(() => {
    if (visible) {
      setStep({ kind: 'hospital' });
      setKeyword('');
      setRegion(
        initialRegion === null ? null : { province: initialRegion.province, city: initialRegion.city, district: null },
      );
    }
    // initialRegion is read at opening only, so a parent's new object does not reset the picker.
  }, [visible]);

  const regionQuery =
    region === null
      ? {}
      : region.district === null
        ? { province: region.province, city: region.city }
        : { district: region.district };
  const hospitals = useList<Hospital>(
    visible && step.kind === 'hospital'
      ? () => api().GET('/hospital/v1/list', { params: { query: regionQuery } })
      : null,
    `hospitals:${JSON.stringify(regionQuery)}:${String(visible && step.kind === 'hospital')}`,
  );
  const hospitalId = step.kind === 'department' ? step.hospital.organizationId : 0;
  const departments = useList<Department>(
    step.kind === 'department'
      ? () => api().GET('/department/v1/list', { params: { query: { organizationId: hospitalId } } })
      : null,
    `departments:${hospitalId}`,
  );
  const departmentId = step.kind === 'doctor' ? step.department.departmentId : 0;
  const departmentDoctors = useList<PickedDoctor>(
    step.kind === 'doctor'
      ? () => api().GET('/doctor/v1/list', { params: { query: { departmentId, roleType } } })
      : null,
    `doctors:${departmentId}:${roleType}`,
  );
  const searchWord = step.kind === 'search' ? step.keyword : '';
  const found = useList<PickedDoctor>(
    step.kind === 'search' ? () => api().GET('/doctor/v1/list', { params: { query: { keyWord: searchWord } } }) : null,
    `search:${searchWord}`,
  );

  const pick = (doctor: PickedDoctor) =>
    void run(async () => {
      try {
        await onPick(doctor);
        setStep({ kind: 'hospital' });
        setKeyword('');
        onClose();
      } catch (error) {
        showError(error);
      }
      return undefined;
    });

  const back = () => {
    if (step.kind === 'department') {
      setStep({ kind: 'hospital' });
    } else if (step.kind === 'doctor') {
      setStep({ kind: 'department', hospital: step.hospital });
    } else if (step.kind === 'search') {
      setKeyword('');
      setStep(step.back);
    }
  };

  const search = (text: string) => {
    const trimmed = text.trim();
    if (trimmed !== '') {
      setStep({ kind: 'search', keyword: trimmed, back: step.kind === 'search' ? step.back : step });
    }
  };

  const heading =
    step.kind === 'department'
      ? step.hospital.organizationName
      : step.kind === 'doctor'
        ? `${step.hospital.organizationName} · ${step.department.departmentName}`
        : step.kind === 'search'
          ? `搜索“${step.keyword}”`
          : '选择医院';

  return (
    <Popup
      visible={visible}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyStyle={{ height: '85vh', display: 'flex', flexDirection: 'column', borderRadius: '12px 12px 0 0' }}
    >
      <div role="dialog" aria-label={title} className={styles.doctorPickerBox}>
        <div className={styles.doctorPickerBox2}>
          <div className={styles.doctorPickerBox3}>
            {step.kind === 'hospital' ? null : (
              <Button size="small" fill="none" onClick={back}>
                ‹ 返回
              </Button>
            )}
          </div>
          <div className={styles.doctorPickerBox4}>{title}</div>
          <div className={styles.doctorPickerBox5}>
            <Button size="small" fill="none" onClick={onClose}>
              关闭
            </Button>
          </div>
        </div>
        <div className={styles.doctorPickerBox6}>
          <SearchBar
            placeholder="搜索医生姓名或手机号"
            value={keyword}
            onChange={setKeyword}
            onSearch={search}
            aria-label="搜索医生"
          />
        </div>
        <div className={styles.doctorPickerBox7}>
          <span role="heading" aria-level={2} className={styles.doctorPickerText}>
            {heading}
          </span>
          {step.kind === 'hospital' ? (
            <>
              <Button size="mini" onClick={() => setRegionOpen(true)} aria-label="选择地区">
                {regionLabel === '' ? '全部地区' : regionLabel}
              </Button>
              {region === null ? null : (
                <Button size="mini" fill="none" onClick={() => setRegion(null)}>
                  全部
                </Button>
              )}
            </>
          ) : null}
        </div>
        {step.kind === 'doctor' ? (
          <Tabs activeKey={String(roleType)} onChange={(key) => setRoleType(key === '2' ? 2 : 1)}>
            {DOCTOR_ROLE_TYPES.map((role) => (
              <Tabs.Tab key={String(role.roleType)} title={role.label} />
            ))}
          </Tabs>
        ) : null}
        <div className={styles.doctorPickerBox8}>
          {step.kind === 'hospital' ? (
            hospitals === null ? (
              <Loading />
            ) : hospitals.length === 0 ? (
              <EmptyState title="该地区暂无医院" description="可选择其他地区，或直接搜索医生姓名、手机号" />
            ) : (
              <List aria-label="医院列表">
                {hospitals.map((hospital) => (
                  <List.Item
                    key={hospital.organizationId}
                    clickable
                    arrow
                    onClick={() => setStep({ kind: 'department', hospital })}
                    description={`${hospital.level} · ${[hospital.cityName, hospital.districtName].filter(Boolean).join('')}${hospital.address}`}
                  >
                    {hospital.organizationName}
                  </List.Item>
                ))}
              </List>
            )
          ) : null}
          {step.kind === 'department' ? (
            departments === null ? (
              <Loading />
            ) : departments.length === 0 ? (
              <EmptyState title="暂无科室" />
            ) : (
              <List aria-label="科室列表">
                {departments.map((department) => (
                  <List.Item
                    key={department.departmentId}
                    clickable
                    arrow
                    onClick={() => setStep({ kind: 'doctor', hospital: step.hospital, department })}
                  >
                    {department.departmentName}
                  </List.Item>
                ))}
              </List>
            )
          ) : null}
          {step.kind === 'doctor' ? <DoctorList doctors={departmentDoctors} onPick={pick} showPlace={false} /> : null}
          {step.kind === 'search' ? <DoctorList doctors={found} onPick={pick} showPlace /> : null}
        </div>
      </div>
      <RegionPicker
        visible={regionOpen}
        value={region}
        onClose={() => setRegionOpen(false)}
        onConfirm={(chosen) => {
          setRegion(chosen);
          setRegionOpen(false);
        }}
      />
    </Popup>
  );
}
