import {
  BP_ENTRY_FIELDS,
  BP_GAUGE_LEVELS,
  BP_SYSTOLIC_NOT_ABOVE_MESSAGE,
  BP_POSITIVE_INTEGER_MESSAGE,
  BP_REMARK_MAX,
  BP_VALUE_MAX,
  BP_VALUE_MIN,
  classifyBloodPressure,
  formatChinaTime,
  parseBpInput,
  parseChinaDateTime,
  validateBloodPressureEntry,
  validateMeasurementTime,
  sugarOwnerFields,
} from '@glucoguard/domain';
import type { BpLevel, BpRangeConfig } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { LevelGauge, ValueDial } from '@glucoguard/ui';
import { useState } from 'react';
import { useParams } from 'react-router-dom';
import { api } from '../../../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useApiData } from '../../../hooks/useApiData';
import { useGoBack } from '../../../hooks/useGoBack';
import { useSubmitGuard } from '../../../hooks/useSubmitGuard';
import { useHealthTip } from '../../../components/HealthTip';
import { showError, toast } from '../../../ui/toast';
import { BP_LEVEL_COLOURS } from '../colours';
import { RecordForm, useReadingToEdit } from '../RecordForm';
import type { RecordTarget } from '../SelfOtherToggle';
import { useAfterSave } from '../useAfterSave';
import styles from './AddBpPage.module.css';

type Field = (typeof BP_ENTRY_FIELDS)[number]['key'];
export const BP_LEVEL_NAMES: Record<BpLevel, string> = { low: '偏低', normal: '正常', high: '偏高' };

/**
 * /reportCenter/bloodPressure/addBloodPressureReport/:hyperReportId (spec 2 §2.9): 'add' records a
 * reading, a bpId edits it; the gauge shows the domain's level; device readings are read-only.
 */
export default function AddBpPage() {
  const { hyperReportId = 'add' } = useParams();
  const editing = hyperReportId !== '' && hyperReportId !== 'add';
  useDocumentTitle(editing ? '编辑血压' : '记录血压');
  const { busy, run } = useSubmitGuard();
  const [values, setValues] = useState<Record<Field, string>>({ sbp: '', dbp: '', hr: '' });
  const [createTime, setCreateTime] = useState<Date>(() => new Date());
  const [remark, setRemark] = useState('');
  // Recording for a relative who granted it (spec 2 §2.9): `null` is the user.
  const [target, setTarget] = useState<RecordTarget | null>(null);
  // A new reading of one's own shows the tip chosen by one's latest reading (spec getHealthMessage).
  const tip = useHealthTip('pressure', !editing && target === null);
  const [reminder, setReminder] = useState<string | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const config: readonly BpRangeConfig[] =
    useApiData(() => api().GET('/bloodPressureTest/v1/getBloodPressureDictionary')).data ?? [];
  const { status, markDeleted } = useReadingToEdit(
    editing ? hyperReportId : null,
    async (bpId) => {
      const read = await api().GET('/bloodPressureTest/v1/getById', { params: { query: { bpId } } });
      return { existsFlag: read.existsFlag, reading: read.bloodPressureVo, reminder: read.reminder };
    },
    (vo, note) => {
      setValues({ sbp: String(vo.sbp), dbp: String(vo.dbp), hr: String(vo.hr) });
      setCreateTime(parseChinaDateTime(vo.createTime) ?? new Date());
      setRemark(vo.remark);
      setReadOnly(vo.deviceImei !== null);
      setReminder(note);
    },
  );

  const goBack = useGoBack('/reportCenter/reportCenter');
  const afterSave = useAfterSave('pressure');

  // Anything but a positive integer is cleared with the spec's toast when the field is left.
  const blur = (field: Field) => {
    const text = values[field];
    if (text.trim() !== '' && parseBpInput(text) === null) {
      setValues((current) => ({ ...current, [field]: '' }));
      toast(BP_POSITIVE_INTEGER_MESSAGE);
    }
  };

  const sbp = parseBpInput(values.sbp);
  const dbp = parseBpInput(values.dbp);
  // Systolic at or under diastolic is two values swapped, not a reading: no level is shown for it.
  const swapped = sbp !== null && dbp !== null && sbp <= dbp;
  const level = sbp === null || dbp === null || swapped ? undefined : classifyBloodPressure(sbp, dbp, config);

  const save = () => {
    const check = validateBloodPressureEntry({ ...values, remark });
    if (!check.ok) {
      toast(check.message);
      return;
    }
    const time = validateMeasurementTime(createTime, new Date());
    if (!time.ok) {
      toast(time.message);
      return;
    }
    const body = {
      sbp: Number(values.sbp),
      dbp: Number(values.dbp),
      hr: Number(values.hr),
      createTime: formatChinaTime(createTime, 'YYYY-MM-DD HH:mm:ss'),
      remark: remark.trim(),
      ...sugarOwnerFields(target?.customerId),
    };
    void run(async () => {
      try {
        if (editing) {
          await api().POST('/bloodPressureTest/v1/edit', { body: { ...body, bpId: hyperReportId } });
        } else {
          await api().POST('/bloodPressureTest/v1/add', { body });
        }
        return () => afterSave(target);
      } catch (error) {
        return () => (isApiError(error, 40400) ? markDeleted() : showError(error, '请求错误！'));
      }
    });
  };

  return (
    <RecordForm
      status={status}
      kind="pressure"
      editing={editing}
      readOnly={readOnly}
      target={target}
      onTargetChange={(next) => {
        if (next !== null) {
          setValues({ sbp: '', dbp: '', hr: '' });
          setRemark('');
        }
        setTarget(next);
      }}
      valuesClassName={styles.values}
      values={
        <>
          <LevelGauge
            name="血压水平"
            percent={level === undefined ? undefined : BP_GAUGE_LEVELS[level]}
            label={level === undefined ? undefined : BP_LEVEL_NAMES[level]}
            colour={level === undefined ? undefined : BP_LEVEL_COLOURS[level]}
          />
          {BP_ENTRY_FIELDS.map((field) => (
            <ValueDial
              key={field.key}
              label={field.label}
              showLabel
              unit={field.unit}
              min={BP_VALUE_MIN}
              max={BP_VALUE_MAX}
              step={1}
              decimals={0}
              value={values[field.key]}
              onChange={(text) => setValues((current) => ({ ...current, [field.key]: text }))}
              onBlur={() => blur(field.key)}
              disabled={readOnly}
            />
          ))}
          {swapped && !readOnly ? (
            <div role="alert" className={styles.addBpPageBox}>
              {BP_SYSTOLIC_NOT_ABOVE_MESSAGE}
            </div>
          ) : null}
        </>
      }
      createTime={createTime}
      onTimeChange={setCreateTime}
      remark={remark}
      remarkMax={BP_REMARK_MAX}
      onRemarkChange={setRemark}
      reminder={reminder ?? tip}
      busy={busy}
      onSave={save}
      remove={() => api().POST('/bloodPressureTest/v1/delete', { body: { bpId: hyperReportId } })}
      onDeleted={(outcome) => (outcome === 'gone' ? markDeleted() : goBack())}
    />
  );
}
