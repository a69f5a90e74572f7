import {
  MEDAL_DIALOG_MS,
  SUGAR_MAX,
  SUGAR_MIN,
  SUGAR_REMARK_MAX,
  SUGAR_TAG_OPTIONS,
  SUGAR_TIME_TYPES,
  clampSugar,
  extremeSugarConfirmText,
  formatChinaTime,
  medalDialogText,
  parseChinaDateTime,
  resolveSugarRange,
  showsMedalDialog,
  sugarOwnerFields,
  sugarCellColour,
  timeTypeAt,
  validateSugarEntry,
  formatSugar,
} from '@glucoguard/domain';
import type { Medal, MedalDialogText, SugarTagType } from '@glucoguard/domain';
import { isApiError } from '@glucoguard/sdk';
import type { Schema } from '@glucoguard/sdk';
import { ValueDial } from '@glucoguard/ui';
import { Dialog, Mask, Selector } from 'antd-mobile';
import { useEffect, useRef, useState } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import { api } from '../../../api';
import { useDocumentTitle } from '../../../components/useDocumentTitle';
import { useGoBack } from '../../../hooks/useGoBack';
import { useSubmitGuard } from '../../../hooks/useSubmitGuard';
import { useHealthTip } from '../../../components/HealthTip';
import { showError, toast } from '../../../ui/toast';
import { CELL_COLOURS } from '../colours';
import { RecordForm, useReadingToEdit } from '../RecordForm';
import type { RecordTarget } from '../SelfOtherToggle';
import { useAfterSave } from '../useAfterSave';
import { useSugarRanges } from './useSugarRanges';
import styles from './AddSugarPage.module.css';

type TagKeys = Record<SugarTagType, '0' | '1' | '2' | '3'>;
const NO_TAGS: TagKeys = { diet: '0', pharmacy: '0', sport: '0' };
/** The medal's colour: a class of the page's module (tokens --gg-color-medal-*). */
const MEDAL_CLASSES: Record<Medal, string | undefined> = {
  bronze: styles.medalBronze,
  silver: styles.medalSilver,
  gold: styles.medalGold,
};

/**
 * /reportCenter/bloodSugar/addBloodSugarReport/:reportId (spec 2 §2.4): 'add' (or empty) records
 * a reading, a testId edits it. Meter readings are read-only; a reading that is gone shows the
 * full-page deleted notice.
 */
export default function AddSugarPage() {
  const { reportId = 'add' } = useParams();
  const editing = reportId !== '' && reportId !== 'add';
  useDocumentTitle(editing ? '编辑血糖' : '记录血糖');
  const [search] = useSearchParams();
  const dictionary = useSugarRanges();
  const goBack = useGoBack('/reportCenter/reportCenter');
  const afterSave = useAfterSave('sugar');
  const { busy, run } = useSubmitGuard();

  const [value, setValue] = useState('');
  // The clamp message of the value shown (血糖不能低于0.3 / 血糖不能高于33.3): it stays in view until
  // the value is changed, and a save asks for confirmation while it is there.
  const [clampNotice, setClampNotice] = useState<string | null>(null);
  const [createTime, setCreateTime] = useState<Date>(() => new Date());
  const [timeType, setTimeType] = useState<number | null>(null);
  const [tags, setTags] = useState<TagKeys>(NO_TAGS);
  const [remark, setRemark] = useState('');
  const [reminder, setReminder] = useState<string | null>(null);
  const [deviceImei, setDeviceImei] = useState<string | null>(null);
  const [medal, setMedal] = useState<MedalDialogText | null>(null);
  // Recording for a relative who granted it (spec 2 §2.4): `null` is the user.
  const [target, setTarget] = useState<RecordTarget | null>(null);
  // A new reading of one's own shows the tip chosen by one's latest reading (spec getHealthMessage).
  const tip = useHealthTip('sugar', !editing && target === null);
  const hadRemarkBefore = useRef(false);
  // The medal dialog's timer, dropped if the user leaves first.
  const medalTimer = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(medalTimer.current), []);
  // Meter readings, and readings opened with ?type=device or ?canEdit=false (a friend's view), are read-only.
  const readOnly =
    deviceImei !== null || search.get('type') === 'device' || ['false', '0'].includes(search.get('canEdit') ?? '');

  // Edit: load the reading; gone (existsFlag false or 40400) shows the deleted notice.
  const { status, markDeleted } = useReadingToEdit(
    editing ? reportId : null,
    async (testId) => {
      const read = await api().GET('/sugarTest/v1/getById', { params: { query: { testId } } });
      return { existsFlag: read.existsFlag, reading: read.sugarTestVo, reminder: read.reminder };
    },
    (vo, note) => {
      fill(vo);
      setReminder(note);
    },
  );

  function fill(vo: Schema<'SugarTestVo'>) {
    setValue(formatSugar(vo.sugar));
    setCreateTime(parseChinaDateTime(vo.createTime) ?? new Date());
    setTimeType(vo.timeType);
    setRemark(vo.remark);
    setDeviceImei(vo.deviceImei);
    const keys = { ...NO_TAGS };
    for (const tag of vo.tags) {
      if (tag.typeCode in keys && ['0', '1', '2', '3'].includes(tag.itemKey)) {
        keys[tag.typeCode as SugarTagType] = tag.itemKey as TagKeys[SugarTagType];
      }
    }
    setTags(keys);
    hadRemarkBefore.current = vo.remark.trim() !== '' || vo.tags.some((tag) => tag.itemKey !== '0');
  }

  // A new reading's slot defaults to the one the dictionary gives for its time.
  useEffect(() => {
    if (!editing && dictionary !== null && timeType === null) {
      setTimeType(timeTypeAt(createTime, dictionary) ?? 1);
    }
  }, [editing, dictionary, timeType, createTime]);

  const blurValue = () => {
    if (value.trim() === '') {
      return;
    }
    const clamped = clampSugar(value);
    if (clamped === null) {
      setValue('');
      return;
    }
    setValue(formatSugar(clamped.value));
    if (clamped.message !== null) {
      setClampNotice(clamped.message);
      toast(clamped.message);
    }
  };

  const changeValue = (next: string) => {
    setValue(next);
    setClampNotice(null);
  };

  const numeric = Number.parseFloat(value);
  const range = timeType === null || dictionary === null ? undefined : resolveSugarRange(timeType, dictionary);
  const colour =
    Number.isFinite(numeric) && range !== undefined ? CELL_COLOURS[sugarCellColour(numeric, range)] : undefined;

  const save = () => {
    const now = new Date();
    const check = validateSugarEntry({ sugar: value, createTime, remark }, now);
    if (!check.ok) {
      toast(check.message);
      return;
    }
    const clamped = clampSugar(value);
    if (clamped === null) {
      toast('血糖值不能为空');
      return;
    }
    // An extreme typed value (0, 99) is saved clamped only once the user confirms it.
    const extreme = clamped.message ?? clampNotice;
    const chosenTags = (Object.keys(tags) as SugarTagType[])
      .filter((code) => tags[code] !== '0')
      .map((code) => ({ typeCode: code, itemKey: tags[code] }));
    const hasRemarkOrTag = remark.trim() !== '' || chosenTags.length > 0;
    const body = {
      sugar: clamped.value,
      createTime: formatChinaTime(createTime, 'YYYY-MM-DD HH:mm:ss'),
      ...(timeType === null ? {} : { timeType }),
      remark: remark.trim(),
      tags: chosenTags,
      ...sugarOwnerFields(target?.customerId),
    };
    const submit = () =>
      run(async () => {
        try {
          const saved = editing
            ? await api().POST('/sugarTest/v1/edit', { body: { ...body, testId: reportId } })
            : await api().POST('/sugarTest/v1/add', { body });
          return () => {
            // The medal is the user's own; a reading for a relative just goes back.
            if (
              target === null &&
              showsMedalDialog({ hasRemarkOrTag, editing, hadRemarkBefore: hadRemarkBefore.current })
            ) {
              setMedal(medalDialogText(saved.editcount, saved.percentage));
              medalTimer.current = window.setTimeout(goBack, MEDAL_DIALOG_MS);
            } else {
              afterSave(target);
            }
          };
        } catch (error) {
          return () => (isApiError(error, 40400) ? markDeleted() : showError(error, '请求错误！'));
        }
      });
    if (extreme === null) {
      void submit();
      return;
    }
    setValue(formatSugar(clamped.value));
    setClampNotice(extreme);
    void Dialog.confirm({
      title: '请确认血糖值',
      content: extremeSugarConfirmText({ value: clamped.value, message: extreme }),
      confirmText: '确定保存',
      cancelText: '重新输入',
    }).then((confirmed) => {
      if (confirmed) {
        void submit();
      }
    });
  };

  return (
    <RecordForm
      status={status}
      kind="sugar"
      editing={editing}
      readOnly={readOnly}
      target={target}
      onTargetChange={(next) => {
        // The confirmation said so: what was filled in for the previous person is not kept.
        if (next !== null) {
          setValue('');
          setRemark('');
          setTags(NO_TAGS);
        }
        setTarget(next);
      }}
      values={
        <>
          <ValueDial
            label="血糖值"
            unit="mmol/L"
            min={SUGAR_MIN}
            max={SUGAR_MAX}
            step={0.1}
            value={value}
            onChange={changeValue}
            onBlur={blurValue}
            colour={colour}
            disabled={readOnly}
          />
          {readOnly ? null : (
            // The line is kept even while empty: the message appears as the field is left, often by a
            // tap on 保存, and a layout that moved under the finger would make that tap miss.
            <div className={styles.addSugarPageBox}>
              {clampNotice === null ? null : <span role="alert">{clampNotice}，请核对</span>}
            </div>
          )}
        </>
      }
      createTime={createTime}
      onTimeChange={(picked) => {
        setCreateTime(picked);
        if (!editing && dictionary !== null) {
          setTimeType(timeTypeAt(picked, dictionary) ?? timeType);
        }
      }}
      details={
        <div role="group" aria-label="测量时段" className={styles.addSugarPageBox2}>
          <div className={styles.addSugarPageBox3}>测量时段</div>
          <Selector<number>
            columns={4}
            disabled={readOnly}
            options={SUGAR_TIME_TYPES.map((slot) => ({ label: slot.name, value: slot.timeType }))}
            value={timeType === null ? [] : [timeType]}
            onChange={(values) => values[0] !== undefined && setTimeType(values[0])}
          />
        </div>
      }
      beforeRemark={(Object.keys(SUGAR_TAG_OPTIONS) as SugarTagType[]).map((code) => (
        <div key={code} role="group" aria-label={SUGAR_TAG_OPTIONS[code].name} className={styles.addSugarPageBox4}>
          <span className={styles.addSugarPageText}>{SUGAR_TAG_OPTIONS[code].name}</span>
          <Selector
            className={styles.addSugarPageSelector}
            columns={4}
            disabled={readOnly}
            options={SUGAR_TAG_OPTIONS[code].items.map((label, index) => ({ label, value: String(index) }))}
            value={[tags[code]]}
            onChange={(values) =>
              setTags((current) => ({ ...current, [code]: (values[0] ?? '0') as TagKeys[SugarTagType] }))
            }
          />
        </div>
      ))}
      remark={remark}
      remarkMax={SUGAR_REMARK_MAX}
      onRemarkChange={setRemark}
      reminder={reminder ?? tip}
      busy={busy}
      onSave={save}
      remove={() => api().POST('/sugarTest/v1/delete', { body: { testId: reportId } })}
      onDeleted={(outcome) => (outcome === 'gone' ? markDeleted() : goBack())}
    >
      <Mask visible={medal !== null} opacity={0.6}>
        {medal === null ? null : (
          <div role="dialog" aria-label="获得勋章" className={styles.addSugarPageBox5}>
            <div aria-hidden="true" className={`${styles.addSugarPageBox6} ${MEDAL_CLASSES[medal.medal] ?? ''}`}>
              ★
            </div>
            <div className={styles.addSugarPageBox7}>{medal.title}</div>
            <div className={styles.addSugarPageBox8}>{medal.detail}</div>
            {medal.next === null ? null : <div className={styles.addSugarPageBox8}>{medal.next}</div>}
          </div>
        )}
      </Mask>
    </RecordForm>
  );
}
