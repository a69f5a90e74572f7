import { BIRTH_DATE_MIN, parseIdCard, validatePatientInfo } from '@glucoguard/domain';
import type { DictionaryOption } from '@glucoguard/domain';
import { GuardedInput } from '@glucoguard/ui';
import { Button, Form, Picker } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { BirthdayField, OptionSelector, PickerCell } from '../register/fields';
import { flowPath, flowQueryOf } from './flow';
import styles from './consultSubmit.module.css';

const SEX_OPTIONS: DictionaryOption[] = [
  { itemKey: '1', itemValue: '男' },
  { itemKey: '2', itemValue: '女' },
];

interface PatientForm {
  patientName: string;
  idCard: string;
  sex: string | null;
  birthday: string | null;
  national: string | null;
}

/** The ethnic groups of the `nation` dictionary. */
async function loadNations(): Promise<DictionaryOption[]> {
  const lists = await api().GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'nation' } } });
  return lists.nation ?? [];
}

function NationField({
  options,
  value,
  onChange,
}: {
  options: DictionaryOption[];
  value: string | null;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const label = options.find((option) => option.itemKey === value)?.itemValue ?? '';
  return (
    <>
      <PickerCell label="民族" value={label} placeholder="请选择民族" onOpen={() => setOpen(true)} />
      <Picker
        title="民族"
        visible={open}
        columns={[options.map((option) => ({ label: option.itemValue, value: option.itemKey }))]}
        value={value === null ? [] : [value]}
        onClose={() => setOpen(false)}
        onConfirm={(values) => {
          // 确定 without turning the wheel takes the item it shows (the first).
          const chosen = values[0] ?? options[0]?.itemKey;
          if (typeof chosen === 'string') {
            onChange(chosen);
          }
        }}
      />
    </>
  );
}

function PatientInfoForm({
  initial,
  nameLocked,
  nations,
  onSaved,
}: {
  initial: PatientForm;
  nameLocked: boolean;
  nations: DictionaryOption[];
  onSaved: () => void;
}) {
  const [form, setForm] = useState<PatientForm>(initial);
  const { busy, run } = useSubmitGuard();
  const set = (changes: Partial<PatientForm>) => setForm((current) => ({ ...current, ...changes }));

  // A valid ID number brings its birthday and sex, as in the health record.
  const changeIdCard = (idCard: string) => {
    const parsed = parseIdCard(idCard);
    set(parsed ? { idCard, birthday: parsed.birthday, sex: String(parsed.sex) } : { idCard });
  };

  const submit = () => {
    const check = validatePatientInfo(form);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    void run(async () => {
      try {
        await api().POST('/patient/v1/add', {
          body: {
            patientName: form.patientName.trim(),
            idCard: form.idCard.trim().toUpperCase(),
            sex: form.sex === '2' ? 2 : 1,
            birthday: form.birthday,
            national: form.national,
          },
        });
        return onSaved;
      } catch (error) {
        return () => showError(error, '保存失败，请稍后再试');
      }
    });
  };

  return (
    <div className={styles.page}>
      <p className={styles.notice}>开具处方需要就诊人的真实信息，所有选项均为必填，信息仅用于处方。</p>
      <Form layout="horizontal" mode="card" className={styles.form}>
        <Form.Item label="姓名">
          <GuardedInput
            aria-label="姓名"
            placeholder="请输入就诊人姓名"
            maxLength={10}
            value={form.patientName}
            readOnly={nameLocked}
            onChange={(patientName) => set({ patientName })}
          />
        </Form.Item>
        <Form.Item label="身份证号">
          <GuardedInput
            aria-label="身份证号"
            placeholder="请输入身份证号"
            maxLength={18}
            value={form.idCard}
            onChange={changeIdCard}
          />
        </Form.Item>
        <Form.Item label="性别">
          <OptionSelector
            label="性别"
            options={SEX_OPTIONS}
            value={form.sex}
            columns={2}
            onChange={(sex) => set({ sex })}
          />
        </Form.Item>
        <Form.Item label="出生日期">
          <BirthdayField value={form.birthday} onChange={(birthday) => set({ birthday })} />
        </Form.Item>
        <Form.Item label="民族">
          <NationField options={nations} value={form.national} onChange={(national) => set({ national })} />
        </Form.Item>
      </Form>
      <p className={styles.hint}>出生日期可选范围：{BIRTH_DATE_MIN} 至今天</p>
      <div className={styles.footer}>
        <Button block color="primary" size="large" disabled={busy} onClick={submit}>
          下一步
        </Button>
      </div>
    </div>
  );
}

/**
 * /recipe/fillInformation (spec 3 §2.1, §5): the patient's name, ID number, sex, birth date and
 * ethnic group, all required (所有选项均为必填项), the ID number valid. What the health record
 * already holds is filled in; the name stays locked once saved. Then on to the illness description.
 */
export default function FillInformationPage() {
  useDocumentTitle('就诊人信息');
  const [search] = useSearchParams();
  const query = flowQueryOf(search);
  const navigate = useNavigate();
  const info = useApiData(() => api().GET('/patient/v1/get'), '', { onError: showError });
  const nations = useApiData(loadNations, '', { onError: showError });
  if (info.data === null || (nations.data === null && !nations.failed)) {
    return info.failed ? <p className={styles.empty}>加载失败，请返回重试</p> : <PageLoading />;
  }
  const saved = info.data;
  return (
    <PatientInfoForm
      initial={{
        patientName: saved.patientName ?? '',
        idCard: saved.idCard ?? '',
        sex: saved.sex === 0 ? null : String(saved.sex),
        birthday: saved.birthday,
        national: saved.national,
      }}
      nameLocked={saved.nameLocked}
      nations={nations.data ?? []}
      onSaved={() => void navigate(flowPath('/recipe/discripIllness', query), { replace: true })}
    />
  );
}
