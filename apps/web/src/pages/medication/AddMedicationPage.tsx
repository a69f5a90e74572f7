import {
  DOSAGE_MAX_LENGTH,
  formatChinaTime,
  medicationTime,
  parseChinaDateTime,
  validateMedication,
} from '@glucoguard/domain';
import type { DictionaryOption } from '@glucoguard/domain';
import type { Schema } from '@glucoguard/sdk';
import { EmptyState } from '@glucoguard/ui';
import { Button, DatePicker, Dialog, Input, List, Selector } from 'antd-mobile';
import { useState } from 'react';
import { NavigationType, useLocation, useNavigate, useNavigationType, useSearchParams } from 'react-router-dom';
import { api } from '../../api';
import { PageLoading } from '../../components/PageLoading';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useApiData } from '../../hooks/useApiData';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { chinaToday, dayQuery, dayTitle, diaryDay, dosageInput, formKey, useMedicationDraft } from './diary';
import type { ChosenMedicine, MedicationDraftValues } from './diary';
import styles from './medication.module.css';

type MedicationRecord = Schema<'MedicationRecordVo'>;

/** The confirmation before a record is deleted. */
export const MEDICATION_DELETE_CONFIRM = '确定删除这条用药记录吗？删除后无法恢复。';

interface MedicationDictionaries {
  usaged: DictionaryOption[];
  rate: DictionaryOption[];
}

let dictionaries: Promise<MedicationDictionaries> | null = null;

/** 用法 and 频率 from the dictionaries medicine_usaged and medicine_rate, read once per page load. */
function loadDictionaries(): Promise<MedicationDictionaries> {
  dictionaries ??= api()
    .GET('/dictionary/v1/getByCodes', { params: { query: { codes: 'medicine_usaged,medicine_rate' } } })
    .then((data) => ({ usaged: data.medicine_usaged ?? [], rate: data.medicine_rate ?? [] }))
    .catch((error: unknown) => {
      dictionaries = null;
      throw error;
    });
  return dictionaries;
}

/** For tests: read the dictionaries again. */
export function resetMedicationDictionaries(): void {
  dictionaries = null;
}

/** The medicine named by the query (a link from the list or back from /selectDrug), if any. */
function medicineFromQuery(params: URLSearchParams): ChosenMedicine | null {
  const medicineId = params.get('medicineId');
  if (medicineId === null || medicineId === '') {
    return null;
  }
  const productName = params.get('productName') ?? '';
  return {
    medicineId,
    productName,
    medicineName: productName,
    specification: params.get('specification') ?? '',
    dosageUnit: params.get('dosageUnit') ?? '',
  };
}

function medicineOf(record: MedicationRecord): ChosenMedicine {
  return {
    medicineId: record.medicineId,
    productName: record.productName,
    medicineName: record.medicineName,
    specification: record.specification,
    dosageUnit: record.dosageUnit,
  };
}

/** The time of day a new record starts with: now on today, 08:00 on an earlier day. */
function defaultClock(day: string): string {
  return day === chinaToday() ? formatChinaTime(new Date(), 'HH:mm') : '08:00';
}

/** 'YYYY-MM-DD' + 'HH:mm' in China time as an instant. */
function chinaInstant(day: string, clock: string): Date {
  return parseChinaDateTime(`${day} ${clock}`) ?? new Date(Number.NaN);
}

/**
 * /addMedication (spec 3 §2.4): add (title 选择药品) or edit (title 编辑用药, with a delete icon that
 * asks first) one record of the day in `year` + `time`. 药品 opens /selectDrug and comes back with
 * the form as it was; 用法 and 频率 from their dictionaries; 用量 a number of at most 10 characters in
 * the medicine's unit; the time of day, not later than now. Save checks in the spec's order.
 */
export default function AddMedicationPage() {
  const [params] = useSearchParams();
  const editing = params.get('name') === 'edit';
  const recordId = params.get('recordId');
  const day = diaryDay(params.get('year'), params.get('time'));
  useDocumentTitle(editing ? '编辑用药' : '选择药品');
  const key = formKey(params);
  const navigationType = useNavigationType();
  // Back from /selectDrug (or its replace): the form as the user left it, with the chosen medicine.
  const [restored] = useState(() => {
    const draft = useMedicationDraft.getState();
    return draft.key === key && navigationType !== NavigationType.Push ? draft.values : null;
  });
  const [values, setValues] = useState<MedicationDraftValues>(
    () =>
      restored ?? {
        medicine: medicineFromQuery(params),
        usaged: '',
        rate: '',
        dosage: '',
        clock: day === null ? '08:00' : defaultClock(day),
      },
  );
  const set = (patch: Partial<MedicationDraftValues>) => setValues((current) => ({ ...current, ...patch }));

  const dictionaryData = useApiData(loadDictionaries, '', { onError: showError });
  const record = useApiData(
    async () => {
      const answer = await api().GET('/customer/v1/queryMedicineRecord', {
        params: { query: { recordStartDate: day ?? '', recordEndDate: day ?? '' } },
      });
      return answer.items.find((item) => item.recordId === recordId) ?? null;
    },
    [day, recordId],
    {
      enabled: editing && day !== null && recordId !== null,
      onLoad: (found) => {
        if (found !== null && restored === null) {
          setValues({
            medicine: medicineOf(found),
            usaged: found.usaged,
            rate: found.rate,
            dosage: found.dosage,
            clock: found.recordTime.slice(11, 16),
          });
        }
      },
      onError: showError,
    },
  );

  const navigate = useNavigate();
  const location = useLocation();
  const cameBack = (location.state as { back?: boolean } | null)?.back === true;
  const { busy, run } = useSubmitGuard();
  const [pickingTime, setPickingTime] = useState(false);

  if (day === null || (editing && recordId === null)) {
    return <EmptyState title="日期有误，请从用药日历进入" />;
  }
  if (editing && record.data === null && !record.failed) {
    return <PageLoading />;
  }
  if (editing && record.data === null) {
    return <EmptyState title="这条用药记录已不存在" />;
  }

  const leave = () => {
    useMedicationDraft.getState().clear();
    if (cameBack) {
      void navigate(-1);
    } else {
      void navigate(`/medicationRecordList?${new URLSearchParams(dayQuery(day)).toString()}`, { replace: true });
    }
  };

  const chooseDrug = () => {
    useMedicationDraft.getState().keep(key, values);
    void navigate(`/selectDrug?${params.toString()}`, { state: { fromForm: true } });
  };

  const save = () => {
    const check = validateMedication({
      medicineId: values.medicine?.medicineId,
      usaged: values.usaged,
      rate: values.rate,
      dosage: values.dosage,
    });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    const recordTime = `${day} ${values.clock}:00`;
    const time = medicationTime(recordTime, new Date());
    if (!time.ok) {
      toast(time.message);
      return;
    }
    const body = {
      medicineId: values.medicine!.medicineId,
      recordTime,
      dosage: values.dosage,
      usaged: values.usaged,
      rate: values.rate,
    };
    void run(async () => {
      try {
        if (editing) {
          await api().POST('/customer/v1/updateMedicineRecord', { body: { recordId: recordId!, ...body } });
        } else {
          await api().POST('/customer/v1/addMedicineRecord', { body });
        }
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast('保存成功');
        leave();
      };
    });
  };

  const remove = async () => {
    const confirmed = await Dialog.confirm({
      content: MEDICATION_DELETE_CONFIRM,
      confirmText: <span className={styles.dangerText}>删除</span>,
      cancelText: '取消',
    });
    if (!confirmed) {
      return;
    }
    await run(async () => {
      try {
        await api().POST('/customer/v1/medicineRecordDel', { body: { recordId: recordId! } });
      } catch (error) {
        return () => showError(error);
      }
      return () => {
        toast('已删除');
        leave();
      };
    });
  };

  const medicine = values.medicine;
  const options = (list: DictionaryOption[] | undefined) =>
    (list ?? []).map((item) => ({ label: item.itemValue, value: item.itemKey }));
  const dayStart = chinaInstant(day, '00:00');
  const dayEnd = chinaInstant(day, '23:59');
  const now = new Date();
  return (
    <div className={styles.page}>
      <div className={styles.formHead}>
        <h1 className={styles.dayHeading}>{dayTitle(day)}</h1>
        {editing ? (
          <button type="button" aria-label="删除" className={styles.deleteButton} onClick={() => void remove()}>
            <svg viewBox="0 0 24 24" width="26" height="26" aria-hidden="true" focusable="false">
              <path
                d="M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13M10 11v6M14 11v6"
                fill="none"
                stroke="currentColor"
                strokeWidth="1.8"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            <span>删除</span>
          </button>
        ) : null}
      </div>
      <List className={styles.formList}>
        <List.Item
          clickable
          onClick={chooseDrug}
          extra={
            <span aria-label="药品" className={medicine === null ? styles.placeholder : styles.chosenMedicine}>
              {medicine === null
                ? '请选择药品'
                : `${medicine.productName || medicine.medicineName} ${medicine.specification}`}
            </span>
          }
        >
          <span className={styles.itemLabel}>药品</span>
        </List.Item>
        <List.Item
          clickable
          onClick={() => setPickingTime(true)}
          extra={
            <span aria-label="用药时间" className={styles.chosenMedicine}>
              {values.clock}
            </span>
          }
        >
          <span className={styles.itemLabel}>用药时间</span>
        </List.Item>
      </List>
      <DatePicker
        visible={pickingTime}
        precision="minute"
        title="用药时间"
        min={dayStart}
        max={now < dayEnd ? now : dayEnd}
        value={chinaInstant(day, values.clock)}
        onClose={() => setPickingTime(false)}
        onConfirm={(picked) => set({ clock: formatChinaTime(picked, 'HH:mm') })}
      />
      <section className={styles.formSection} aria-label="用法">
        <h2 className={styles.formLabel}>用法</h2>
        <Selector
          columns={3}
          options={options(dictionaryData.data?.usaged)}
          value={values.usaged === '' ? [] : [values.usaged]}
          onChange={(picked) => set({ usaged: picked[0] ?? '' })}
        />
      </section>
      <section className={styles.formSection} aria-label="频率">
        <h2 className={styles.formLabel}>频率</h2>
        <Selector
          columns={3}
          options={options(dictionaryData.data?.rate)}
          value={values.rate === '' ? [] : [values.rate]}
          onChange={(picked) => set({ rate: picked[0] ?? '' })}
        />
      </section>
      <section className={styles.formSection}>
        <label className={styles.dosageRow}>
          <span className={styles.formLabel}>用量</span>
          <Input
            aria-label="用量"
            inputMode="decimal"
            placeholder="请输入每次用量"
            maxLength={DOSAGE_MAX_LENGTH}
            value={values.dosage}
            onChange={(typed) => set({ dosage: dosageInput(typed, DOSAGE_MAX_LENGTH) })}
            className={styles.dosageInput}
          />
          <span className={styles.unit} aria-label="单位">
            {medicine?.dosageUnit || '—'}
          </span>
        </label>
      </section>
      <div className={styles.footer}>
        <Button block color="primary" size="large" disabled={busy} onClick={save}>
          保存
        </Button>
      </div>
    </div>
  );
}
