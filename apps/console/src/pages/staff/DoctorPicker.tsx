import { Select } from 'antd';
import { useState } from 'react';
import { api } from '../../api';
import { useConsoleData } from '../../useConsoleData';
import styles from './StaffPage.module.css';

/**
 * Picks the care directory's doctor record a doctor account is linked to (the one patients see),
 * searched by name on the server (findDirectoryDoctors, at most 50 a search).
 */
export function DoctorPicker({
  value,
  onChange,
  id,
}: {
  value?: number;
  onChange?: (doctorId: number) => void;
  id?: string;
}) {
  const [name, setName] = useState('');
  const doctors = useConsoleData(
    (signal) => api.GET('/console/v1/doctors', { params: { query: name ? { name } : {} }, signal }),
    [name],
  );
  return (
    <Select<number>
      id={id}
      className={styles.wide}
      value={value}
      onChange={onChange}
      showSearch={{ filterOption: false, onSearch: (text) => setName(text.trim().slice(0, 32)) }}
      loading={doctors.loading}
      placeholder="输入姓名查找医生"
      notFoundContent={doctors.loading ? '查找中…' : '没有找到医生'}
      options={(doctors.data ?? []).map((d) => ({
        value: d.id,
        label: [d.name, d.title, [d.hospital, d.department].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
      }))}
    />
  );
}
