import { describe, expect, it } from 'vitest';
import { readingNoticeText, readingPushFields, readingRecorderNote, savedForMessage } from './readingNotice';

describe('readingNoticeText', () => {
  it('calls a severe glucose reading urgent and asks to get in touch', () => {
    expect(
      readingNoticeText('爸爸', {
        kind: 'bloodSugar',
        sugar: 25,
        timeType: 2,
        level: 'seriousHigh',
        time: '11-20 08:00',
      }),
    ).toEqual({
      urgent: true,
      title: '紧急提醒：爸爸血糖严重偏高',
      text: '爸爸在11-20 08:00测得早餐后血糖25.0mmol/L，严重偏高，请尽快与其联系。',
    });
    expect(
      readingNoticeText('爸爸', {
        kind: 'bloodSugar',
        sugar: 2.5,
        timeType: 8,
        level: 'seriousLow',
        time: '11-20 03:00',
      }).title,
    ).toBe('紧急提醒：爸爸血糖严重偏低');
  });

  it('describes an ordinary glucose reading plainly', () => {
    expect(
      readingNoticeText('张建国', {
        kind: 'bloodSugar',
        sugar: 6.1,
        timeType: 1,
        level: 'normal',
        time: '11-20 07:30',
      }),
    ).toEqual({
      urgent: false,
      title: '张建国测量了血糖',
      text: '张建国在11-20 07:30测得空腹血糖6.1mmol/L，正常。',
    });
    expect(
      readingNoticeText('张建国', { kind: 'bloodSugar', sugar: 6.1, timeType: 99, level: null, time: '11-20 07:30' })
        .text,
    ).toBe('张建国在11-20 07:30测得血糖6.1mmol/L。');
  });

  it('describes pressure readings, urgent in the worst grade', () => {
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 185,
        dbp: 112,
        hr: 88,
        level: 'high',
        urgent: true,
        time: '11-20 19:00',
      }),
    ).toEqual({
      urgent: true,
      title: '紧急提醒：妈妈血压严重偏高',
      text: '妈妈在11-20 19:00测得血压185/112mmHg，脉搏88次/分，严重偏高，请尽快与其联系。',
    });
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 150,
        dbp: 95,
        hr: 70,
        level: 'high',
        urgent: false,
        time: '11-20 19:00',
      }).text,
    ).toBe('妈妈在11-20 19:00测得血压150/95mmHg，脉搏70次/分，偏高。');
    expect(
      readingNoticeText('妈妈', {
        kind: 'bloodPressure',
        sbp: 150,
        dbp: 95,
        hr: 70,
        level: null,
        urgent: false,
        time: '11-20 19:00',
      }).text,
    ).toBe('妈妈在11-20 19:00测得血压150/95mmHg，脉搏70次/分。');
  });
});

describe('readingPushFields', () => {
  it('fills the template within its limits', () => {
    expect(
      readingPushFields('爸爸', {
        kind: 'bloodSugar',
        sugar: 25,
        timeType: 1,
        level: 'seriousHigh',
        time: '2026-11-20 08:00',
      }),
    ).toEqual({
      name: '爸爸',
      item: '空腹血糖',
      value: '25.0mmol/L',
      result: '严重偏高',
      time: '2026-11-20 08:00',
    });
    expect(
      readingPushFields('一'.repeat(25), { kind: 'bloodSugar', sugar: 6, timeType: 99, level: null, time: 't' }),
    ).toMatchObject({ name: '一'.repeat(20), item: '血糖', result: '已记录' });
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 185,
        dbp: 112,
        hr: 80,
        level: 'high',
        urgent: true,
        time: 't',
      }),
    ).toEqual({ name: '妈妈', item: '血压', value: '185/112mmHg', result: '严重偏高', time: 't' });
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 85,
        dbp: 55,
        hr: 80,
        level: 'low',
        urgent: false,
        time: 't',
      }).result,
    ).toBe('偏低');
    expect(
      readingPushFields('妈妈', {
        kind: 'bloodPressure',
        sbp: 85,
        dbp: 55,
        hr: 80,
        level: null,
        urgent: false,
        time: 't',
      }).result,
    ).toBe('已记录');
  });
});

describe('readingRecorderNote', () => {
  it('names the relative who entered a reading, and speaks to that relative as 我', () => {
    expect(readingRecorderNote('张丽')).toBe('由亲友 张丽 代为记录');
    expect(readingRecorderNote('张丽', true)).toBe('由我代为记录');
    expect(readingRecorderNote('  ')).toBe('由亲友 亲友 代为记录');
  });

  it('confirms whose data a relative saved', () => {
    expect(savedForMessage('张*国')).toBe('已为「张*国」保存');
    expect(savedForMessage('')).toBe('已为「亲友」保存');
  });

  it('ends a notice with who entered the reading, when a relative did', () => {
    const reading = { kind: 'bloodSugar', sugar: 7, timeType: 1, level: 'normal', time: '11-20 07:30' } as const;
    expect(readingNoticeText('张建国', { ...reading, recorder: '张丽' }).text).toBe(
      '张建国在11-20 07:30测得空腹血糖7.0mmol/L，正常。（由亲友 张丽 代为记录）',
    );
    expect(readingNoticeText('张建国', { ...reading, recorder: null }).text).toBe(
      '张建国在11-20 07:30测得空腹血糖7.0mmol/L，正常。',
    );
    expect(
      readingNoticeText('张建国', {
        kind: 'bloodPressure',
        sbp: 185,
        dbp: 112,
        hr: 80,
        level: 'high',
        urgent: true,
        time: '11-20 07:30',
        recorder: '张丽',
      }).text,
    ).toBe('张建国在11-20 07:30测得血压185/112mmHg，脉搏80次/分，严重偏高，请尽快与其联系。（由亲友 张丽 代为记录）');
  });
});
