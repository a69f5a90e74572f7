import {
  BIRTH_DATE_MIN,
  EMERGENCY_CONTACT_MAX,
  HEALTH_RECORD_LIMITS,
  bmiFromKg,
  classifyBmi,
  digitsOnly,
  drinkingChoice,
  healthRecordVisibility,
  limitDecimals,
  numericOrCleared,
  parseIdCard,
  smokingChoice,
} from '@glucoguard/domain';
import type { DictionaryOption } from '@glucoguard/domain';
import { GuardedInput, GuardedTextArea } from '@glucoguard/ui';
import { DatePicker, Form, Input, Selector } from 'antd-mobile';
import dayjs from 'dayjs';
import { useState } from 'react';
import type { ProfileDictionaries } from '../../hooks/useDictionaries';
import { labelOf } from '../../hooks/useDictionaries';
import { BirthdayField, OptionSelector, PickerCell, RegionField, Row } from '../register/fields';
import type { HealthForm, HealthMeta } from './form';
import { HomeLocation } from './HomeLocation';
import type { HealthOptions } from './options';
import styles from './sections.module.css';

export interface SectionProps {
  form: HealthForm;
  meta: HealthMeta;
  options: HealthOptions;
  dictionaries: ProfileDictionaries;
  onChange: (patch: Partial<HealthForm>) => void;
}

/** A date from 1900-01-01 to today (diagnosis dates). */
function DateField({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | null;
  onChange: (value: string) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <PickerCell label={label} value={value ?? ''} placeholder="请选择日期" onOpen={() => setOpen(true)} />
      <DatePicker
        title={label}
        visible={open}
        min={dayjs(BIRTH_DATE_MIN).toDate()}
        max={new Date()}
        value={value === null ? new Date() : dayjs(value).toDate()}
        onClose={() => setOpen(false)}
        onConfirm={(date) => onChange(dayjs(date).format('YYYY-MM-DD'))}
      />
    </>
  );
}

/** A number field with a unit; leaving it with something that is not a number clears it (spec 2 §5). */
function NumberField({
  label,
  value,
  unit,
  onChange,
  digits,
}: {
  label: string;
  value: string;
  unit: string;
  onChange: (value: string) => void;
  digits: 0 | 1;
}) {
  return (
    <div className={styles.numberFieldBox}>
      <Input
        aria-label={label}
        placeholder={`请输入${label}`}
        inputMode={digits === 0 ? 'numeric' : 'decimal'}
        value={value}
        onChange={(typed) => onChange(digits === 0 ? digitsOnly(typed) : limitDecimals(typed, 1))}
        onBlur={() => onChange(numericOrCleared(value) === null ? '' : value.trim())}
        className={styles.numberFieldInput}
      />
      <span className={styles.numberFieldText}>{unit}</span>
    </div>
  );
}

function Multi({
  label,
  options,
  value,
  onChange,
}: {
  label: string;
  options: readonly DictionaryOption[];
  value: string[];
  onChange: (value: string[]) => void;
}) {
  return (
    <div role="group" aria-label={label}>
      <Selector
        multiple
        columns={2}
        showCheckMark={false}
        options={options.map((option) => ({ label: option.itemValue, value: option.itemKey }))}
        value={value}
        onChange={onChange}
        className={styles.multiSelector}
      />
    </div>
  );
}

/** 基本信息: name (locked once saved), ID number with birthday and sex from it, contacts, address, height, weight, BMI. */
export function BasicSection({ form, meta, dictionaries, options, onChange }: SectionProps) {
  const fromId = parseIdCard(form.idCard);
  const height = numericOrCleared(form.height);
  const weight = numericOrCleared(form.weight);
  const bmi = height !== null && weight !== null ? bmiFromKg(weight, height) : null;
  const onIdCard = (typed: string) => {
    const idCard = typed.replace(/[^0-9xX]/g, '').toUpperCase();
    const info = parseIdCard(idCard);
    // A valid number fills in birthday and sex (spec 2 §4).
    onChange(info === null ? { idCard } : { idCard, birthday: info.birthday, sex: info.sex });
  };
  return (
    <Form layout="horizontal" mode="card">
      <Row
        label="姓名"
        extra={meta.savedName === null ? undefined : <span className={styles.basicSectionText}>已锁定</span>}
      >
        {meta.savedName === null ? (
          <GuardedInput
            aria-label="姓名"
            placeholder="请输入姓名"
            value={form.patientName}
            onChange={(patientName) => onChange({ patientName })}
            clearable
          />
        ) : (
          <span aria-label="姓名">{meta.savedName}</span>
        )}
      </Row>
      <Row label="身份证号">
        <Input
          aria-label="身份证号"
          placeholder="请输入身份证号"
          maxLength={18}
          value={form.idCard}
          onChange={onIdCard}
          clearable
        />
      </Row>
      <Row label="出生日期">
        {fromId === null ? (
          <BirthdayField value={form.birthday} onChange={(birthday) => onChange({ birthday })} />
        ) : (
          <span aria-label="出生日期">{fromId.birthday}</span>
        )}
      </Row>
      <Row label="性别">
        {fromId === null ? (
          <OptionSelector
            label="性别"
            options={dictionaries.sex}
            value={form.sex === null ? null : String(form.sex)}
            onChange={(sex) => onChange({ sex: sex === '1' ? 1 : sex === '2' ? 2 : null })}
          />
        ) : (
          <span aria-label="性别">{labelOf(dictionaries.sex, String(fromId.sex)) ?? ''}</span>
        )}
      </Row>
      <Row label="婚姻状况">
        <OptionSelector
          label="婚姻状况"
          options={options.maritalStatus}
          value={form.maritalStatus}
          onChange={(maritalStatus) => onChange({ maritalStatus })}
          allowNone
          columns={4}
        />
      </Row>
      <Row label="职业">
        <OptionSelector
          label="职业"
          options={options.job}
          value={form.job}
          onChange={(job) => onChange({ job })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="紧急联系人">
        <GuardedInput
          aria-label="紧急联系人"
          placeholder="请输入紧急联系人"
          maxLength={EMERGENCY_CONTACT_MAX}
          value={form.emergencyContact}
          onChange={(emergencyContact) => onChange({ emergencyContact })}
          clearable
        />
      </Row>
      <Row label="联系人电话">
        <Input
          aria-label="紧急联系人电话"
          placeholder="请输入紧急联系人电话"
          type="tel"
          maxLength={11}
          value={form.emergencyPhone}
          onChange={(typed) => onChange({ emergencyPhone: digitsOnly(typed) })}
          clearable
        />
      </Row>
      <Row label="家庭住址">
        <RegionField value={form.region} onChange={(region) => onChange({ region })} />
        <HomeLocation onRegion={(region) => onChange({ region })} />
      </Row>
      <Row label="详细地址">
        <GuardedInput
          aria-label="详细地址"
          placeholder="请输入详细地址"
          value={form.address}
          onChange={(address) => onChange({ address })}
          clearable
        />
      </Row>
      <Row label="身高">
        <NumberField
          label="身高"
          unit="cm"
          digits={1}
          value={form.height}
          onChange={(value) => onChange({ height: value })}
        />
      </Row>
      <Row label="体重">
        <NumberField
          label="体重"
          unit="kg"
          digits={1}
          value={form.weight}
          onChange={(value) => onChange({ weight: value })}
        />
      </Row>
      <Row label="BMI">
        <span aria-label="BMI">{bmi === null ? '--' : `${bmi} ${classifyBmi(bmi).label}`}</span>
      </Row>
    </Form>
  );
}

/** 病历信息: diabetes and blood pressure with their dates, complications, treatment (/treatment) and the doctor. */
export function MedicalSection({
  form,
  meta,
  dictionaries,
  options,
  onChange,
  onTreatment,
  onDoctor,
}: SectionProps & { onTreatment: () => void; onDoctor: () => void }) {
  const shown = healthRecordVisibility({ complications: form.complications });
  return (
    <Form layout="horizontal" mode="card">
      <Row label="糖尿病类型">
        <OptionSelector
          label="糖尿病类型"
          options={dictionaries.diabetesType}
          value={form.diabetesType}
          onChange={(diabetesType) => onChange({ diabetesType })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="确诊日期">
        <DateField label="糖尿病确诊日期" value={form.ensureDate} onChange={(ensureDate) => onChange({ ensureDate })} />
      </Row>
      <Row label="并发症">
        <Multi
          label="糖尿病并发症"
          options={options.complications}
          value={form.complications}
          onChange={(complications) => onChange({ complications })}
        />
      </Row>
      {shown.complicationsRemark ? (
        <Row label="其他并发症">
          <GuardedInput
            aria-label="其他并发症"
            placeholder="请填写其他糖尿病并发症"
            maxLength={HEALTH_RECORD_LIMITS.complicationRemarkMax}
            value={form.complicationsRemark}
            onChange={(complicationsRemark) => onChange({ complicationsRemark })}
            clearable
          />
        </Row>
      ) : null}
      <Row label="高血压类型">
        <OptionSelector
          label="高血压类型"
          options={dictionaries.bloodPressureType}
          value={form.bloodPressureType}
          onChange={(bloodPressureType) => onChange({ bloodPressureType })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="确诊日期">
        <DateField
          label="高血压确诊日期"
          value={form.bloodPressureEnsureDate}
          onChange={(bloodPressureEnsureDate) => onChange({ bloodPressureEnsureDate })}
        />
      </Row>
      <Row label="治疗方式">
        <PickerCell label="治疗方式" value={form.treatmentTypeStr} placeholder="请选择治疗方式" onOpen={onTreatment} />
      </Row>
      <Row label="就诊医生">
        <PickerCell
          label="就诊医生"
          value={
            meta.doctor === null
              ? ''
              : `${meta.doctor.name}${meta.doctor.place === '' ? '' : `（${meta.doctor.place}）`}`
          }
          placeholder="请选择就诊医生"
          onOpen={onDoctor}
        />
      </Row>
    </Form>
  );
}

/** 生活方式: work, exercise, sleep, mood, food, and smoking and drinking with their dependent fields (spec 2 §2.12). */
export function LifestyleSection({ form, options, onChange }: SectionProps) {
  const smoking = smokingChoice(form.smokingStatus);
  const drinks = drinkingChoice(form.drinkingStatus) === 'drinks';
  return (
    <Form layout="horizontal" mode="card">
      <Row label="劳动强度">
        <OptionSelector
          label="劳动强度"
          options={options.labourIntensity}
          value={form.labourIntensity}
          onChange={(labourIntensity) => onChange({ labourIntensity })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="运动频率">
        <OptionSelector
          label="运动频率"
          options={options.exerciseFrequency}
          value={form.exerciseFrequency}
          onChange={(exerciseFrequency) => onChange({ exerciseFrequency })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="睡眠情况">
        <OptionSelector
          label="睡眠情况"
          options={options.sleepStatus}
          value={form.sleepStatus}
          onChange={(sleepStatus) => onChange({ sleepStatus })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="平时情绪">
        <OptionSelector
          label="平时情绪"
          options={options.peacetimeEmotion}
          value={form.peacetimeEmotion}
          onChange={(peacetimeEmotion) => onChange({ peacetimeEmotion })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="饮食习惯">
        <OptionSelector
          label="饮食习惯"
          options={options.foodHabit}
          value={form.foodHabit}
          onChange={(foodHabit) => onChange({ foodHabit })}
          allowNone
          columns={2}
        />
      </Row>
      <Row label="吸烟情况">
        <OptionSelector
          label="吸烟情况"
          options={options.smokingStatus}
          value={form.smokingStatus}
          onChange={(smokingStatus) => onChange({ smokingStatus })}
          allowNone
          columns={2}
        />
      </Row>
      {smoking === 'quit' ? (
        <Row label="戒烟前情况">
          <label htmlFor="health-smoking-remark" className={styles.screenReaderOnly}>
            戒烟前吸烟情况
          </label>
          <GuardedTextArea
            id="health-smoking-remark"
            placeholder="请填写戒烟前吸烟情况"
            maxLength={HEALTH_RECORD_LIMITS.smokingRemarkMax}
            rows={2}
            value={form.smokingRemark}
            onChange={(smokingRemark) => onChange({ smokingRemark })}
          />
        </Row>
      ) : null}
      {smoking === 'smoking' ? (
        <Row label="每日吸烟">
          <NumberField
            label="每日吸烟数量"
            unit="支/天"
            digits={0}
            value={form.smokingDaily}
            onChange={(smokingDaily) => onChange({ smokingDaily })}
          />
        </Row>
      ) : null}
      <Row label="饮酒情况">
        <OptionSelector
          label="饮酒情况"
          options={options.drinkingStatus}
          value={form.drinkingStatus}
          onChange={(drinkingStatus) => onChange({ drinkingStatus })}
          allowNone
          columns={2}
        />
      </Row>
      {drinks ? (
        <>
          <Row label="饮酒类型">
            <OptionSelector
              label="饮酒类型"
              options={options.drinkingType}
              value={form.drinkingType}
              onChange={(drinkingType) => onChange({ drinkingType })}
              allowNone
            />
          </Row>
          <Row label="每日饮酒">
            <NumberField
              label="每日饮酒量"
              unit="毫升/天"
              digits={0}
              value={form.drinkingDaily}
              onChange={(drinkingDaily) => onChange({ drinkingDaily })}
            />
          </Row>
        </>
      ) : null}
    </Form>
  );
}
