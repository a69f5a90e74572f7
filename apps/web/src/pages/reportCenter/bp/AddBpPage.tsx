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
  measuredTimePickerBounds,
  validateMeasurementTime,
  sugarOwnerFields,
} from '@glucoguard/domain';
import type { BpLevel, BpRangeConfig } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import { GuardedTextArea, LevelGauge, ValueDial } from '@glucoguard/ui';
import { Button, DatePicker, List } from 'antd-mobile';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { api } from '../../../api';
import { PageLoading } from '../../../components/PageLoading';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useSubmitGuard } from '../../../hooks/useSubmitGuard';
import { showError, toast } from '../../../session/errors';
import { BP_LEVEL_COLOURS } from '../colours';
import { DeletedNotice } from '../DeletedNotice';
import { DeleteReadingButton } from '../DeleteReadingButton';
import { SelfOtherToggle, type RecordTarget } from '../SelfOtherToggle';

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
  const navigate = useNavigate();
  const location = useLocation();
  const { busy, run } = useSubmitGuard();
  const [status, setStatus] = useState<'loading' | 'ready' | 'deleted'>(editing ? 'loading' : 'ready');
  const [values, setValues] = useState<Record<Field, string>>({ sbp: '', dbp: '', hr: '' });
  const [createTime, setCreateTime] = useState<Date>(() => new Date());
  const [remark, setRemark] = useState('');
  // Recording for a relative who granted it (spec 2 §2.9): `null` is the user.
  const [target, setTarget] = useState<RecordTarget | null>(null);
  const [reminder, setReminder] = useState<string | null>(null);
  const [readOnly, setReadOnly] = useState(false);
  const [pickingTime, setPickingTime] = useState(false);
  const [config, setConfig] = useState<readonly BpRangeConfig[]>([]);

  useEffect(() => {
    let live = true;
    api()
      .GET('/bloodPressureTest/v1/getBloodPressureDictionary')
      .then((rows) => live && setConfig(rows))
      .catch(() => undefined);
    if (editing) {
      api()
        .GET('/bloodPressureTest/v1/getById', { params: { query: { bpId: hyperReportId } } })
        .then((read) => {
          if (!live) {
            return;
          }
          const vo = read.bloodPressureVo;
          if (!read.existsFlag || vo === null) {
            setStatus('deleted');
            return;
          }
          setValues({ sbp: String(vo.sbp), dbp: String(vo.dbp), hr: String(vo.hr) });
          setCreateTime(parseChinaDateTime(vo.createTime) ?? new Date());
          setRemark(vo.remark);
          setReadOnly(vo.deviceImei !== null);
          setReminder(read.reminder);
          setStatus('ready');
        })
        .catch((error: unknown) => {
          if (live) {
            if (isApiError(error, 40400)) {
              setStatus('deleted');
            } else {
              showError(error);
              setStatus('ready');
            }
          }
        });
    }
    return () => {
      live = false;
    };
  }, [editing, hyperReportId]);

  const goBack = () =>
    void (location.key === 'default' ? navigate('/reportCenter/reportCenter', { replace: true }) : navigate(-1));

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
        return goBack;
      } catch (error) {
        return () => (isApiError(error, 40400) ? setStatus('deleted') : showError(error, '请求错误！'));
      }
    });
  };

  if (status === 'deleted') {
    return <DeletedNotice tab="pressure" />;
  }
  if (status === 'loading') {
    return <PageLoading />;
  }
  return (
    <div style={{ minHeight: '100vh', background: 'var(--adm-color-box)', paddingBottom: 24 }}>
      <div style={{ background: '#fff', padding: '12px 16px' }}>
        <SelfOtherToggle
          disabled={editing}
          target={target}
          onChange={(next) => {
            if (next !== null) {
              setValues({ sbp: '', dbp: '', hr: '' });
              setRemark('');
            }
            setTarget(next);
          }}
        />
      </div>
      <div style={{ background: '#fff', marginTop: 8, paddingTop: 12 }}>
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
          <div
            role="alert"
            style={{
              margin: '0 16px',
              padding: '8px 12px 12px',
              fontSize: 15,
              color: 'var(--adm-color-danger)',
              textAlign: 'center',
            }}
          >
            {BP_SYSTOLIC_NOT_ABOVE_MESSAGE}
          </div>
        ) : null}
        {readOnly ? (
          <div style={{ textAlign: 'center', fontSize: 12, color: 'var(--adm-color-weak)', paddingBottom: 12 }}>
            设备测量的数据不能修改
          </div>
        ) : null}
      </div>
      <List style={{ marginTop: 8 }}>
        <List.Item
          title="测量时间"
          clickable={!readOnly}
          disabled={readOnly}
          onClick={() => setPickingTime(true)}
          extra={<span aria-label="测量时间">{formatChinaTime(createTime, 'YYYY-MM-DD HH:mm')}</span>}
        />
      </List>
      <DatePicker
        visible={pickingTime}
        precision="minute"
        {...measuredTimePickerBounds(new Date())}
        value={createTime}
        onClose={() => setPickingTime(false)}
        onConfirm={setCreateTime}
      />
      <div style={{ background: '#fff', marginTop: 8, padding: '12px 16px' }}>
        <GuardedTextArea
          aria-label="备注"
          placeholder="添加备注（选填）"
          maxLength={BP_REMARK_MAX}
          showCount
          rows={3}
          value={remark}
          onChange={setRemark}
          disabled={readOnly}
        />
      </div>
      {reminder === null ? null : (
        <div role="note" style={{ margin: '8px 16px', fontSize: 13, color: 'var(--adm-color-text-secondary)' }}>
          温馨提示：{reminder}
        </div>
      )}
      {readOnly ? null : (
        <div style={{ padding: '16px 20px' }}>
          <Button block color="primary" size="large" disabled={busy} onClick={save}>
            保存
          </Button>
        </div>
      )}
      {editing && !readOnly ? (
        <div style={{ padding: '0 20px 16px' }}>
          <DeleteReadingButton
            remove={() => api().POST('/bloodPressureTest/v1/delete', { body: { bpId: hyperReportId } })}
            onDone={(outcome) => (outcome === 'gone' ? setStatus('deleted') : goBack())}
          />
        </div>
      ) : null}
    </div>
  );
}
