import {
  SUGAR_TARGET_FIELDS,
  SUGAR_TARGET_PATHS,
  SUGAR_TARGET_SAVED_MESSAGE,
  limitDecimals,
  sugarTargetIndex,
  validateSugarTargets,
  formatSugar,
} from '@glucoguard/domain';
import type { SugarDictionaryEntry } from '@glucoguard/domain';
import { EmptyState } from '@glucoguard/ui';
import { Button, DotLoading, Input, List } from 'antd-mobile';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useGoBack } from '../../hooks/useGoBack';
import { api } from '../../api';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { useSubmitGuard } from '../../hooks/useSubmitGuard';
import { showError, toast } from '../../ui/toast';
import { useSugarRanges } from '../reportCenter/sugar/useSugarRanges';
import styles from './HealthTargetDetailPage.module.css';

type Field = (typeof SUGAR_TARGET_FIELDS)[number]['field'];
type Values = Record<Field, string>;

const valuesOf = (slot: SugarDictionaryEntry): Values => ({
  minValue: formatSugar(slot.minValue),
  lowValue: formatSugar(slot.lowValue),
  highValue: formatSugar(slot.highValue),
  maxValue: formatSugar(slot.maxValue),
});

/** Keeps what a sugar value may hold while typing: digits and one point, one decimal (spec 2 §5). */
function typedSugar(text: string): string {
  const digits = text.replace(/[^\d.]/g, '');
  const dot = digits.indexOf('.');
  const single = dot < 0 ? digits : `${digits.slice(0, dot + 1)}${digits.slice(dot + 1).replace(/\./g, '')}`;
  return limitDecimals(single, 1);
}

/** The form of one slot, filled with its current thresholds. */
function TargetForm({ slot, name, onSaved }: { slot: SugarDictionaryEntry; name: string; onSaved: () => void }) {
  const [values, setValues] = useState<Values>(() => valuesOf(slot));
  const { busy, run } = useSubmitGuard();

  const save = () => {
    const check = validateSugarTargets(values);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    const objective = {
      timeType: slot.timeType,
      minValue: Number(values.minValue),
      lowValue: Number(values.lowValue),
      highValue: Number(values.highValue),
      maxValue: Number(values.maxValue),
    };
    void run(async () => {
      try {
        await api().POST('/customer/v1/saveSugarObjective', { body: { sugarObjectives: [objective] } });
        return () => {
          toast(SUGAR_TARGET_SAVED_MESSAGE);
          onSaved();
        };
      } catch (error) {
        return () => showError(error);
      }
    });
  };

  return (
    <>
      <List header={`${name}（mmol/L）`}>
        {SUGAR_TARGET_FIELDS.map(({ field, label }) => (
          <List.Item key={field}>
            <label className={styles.targetFormLabel}>
              <span className={styles.targetFormText}>{label}</span>
              <Input
                aria-label={label}
                inputMode="decimal"
                placeholder="请输入"
                value={values[field]}
                onChange={(text) => setValues((current) => ({ ...current, [field]: typedSugar(text) }))}
              />
            </label>
          </List.Item>
        ))}
      </List>
      <p className={styles.targetFormText2}>
        低于低血糖值为偏低，高于高血糖值为偏高；四个值需从小到大填写，且都小于33.3。
      </p>
      <div className={styles.targetFormBox}>
        <Button block color="primary" loading={busy} onClick={save}>
          保存
        </Button>
      </div>
    </>
  );
}

/**
 * /healthTarget/healthTargetDetail?value=<name>&index=<1–8> (spec 2 §2.13): edits the four
 * thresholds of one time type; saving toasts 保存成功 and goes back.
 */
export default function HealthTargetDetailPage() {
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const timeType = sugarTargetIndex(search.get('index'));
  const slots = useSugarRanges();
  const slot = slots?.find((entry) => entry.timeType === timeType);
  const name = search.get('value')?.trim() || slot?.name || '血糖目标';
  useDocumentTitle(`${name}目标`);
  const goBack = useGoBack(SUGAR_TARGET_PATHS.list);

  if (timeType !== null && slots === null) {
    return (
      <div className={styles.healthTargetDetailPageBox}>
        <DotLoading aria-label="加载中" />
      </div>
    );
  }
  if (slot === undefined) {
    return (
      <div className={styles.healthTargetDetailPageBox2}>
        <EmptyState title="未找到该时间段" />
        <Button color="primary" fill="outline" onClick={() => navigate(SUGAR_TARGET_PATHS.list, { replace: true })}>
          返回血糖目标
        </Button>
      </div>
    );
  }
  return (
    <div className={styles.healthTargetDetailPageBox3}>
      <TargetForm key={slot.timeType} slot={slot} name={name} onSaved={goBack} />
    </div>
  );
}
