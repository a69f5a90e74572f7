import { describe, expect, it } from 'vitest';
import { repairDetailPath, repairStepNotice, repairStepPushFields } from './repairNotice';

describe('repair notices', () => {
  it.each([
    ['assign', '', '报修已受理', '您的报修（服务编码 BX261127K7Q3M）已受理，已安排专人为您处理，请保持电话畅通。'],
    ['result', '已寄出备件', '报修处理进展', '您的报修（服务编码 BX261127K7Q3M）有新的处理进展：已寄出备件'],
    [
      'complete',
      '已为您更换新机',
      '报修已完成',
      '您的报修（服务编码 BX261127K7Q3M）已处理完成，处理结果：已为您更换新机。点击查看详情。',
    ],
    ['complete', '', '报修已完成', '您的报修（服务编码 BX261127K7Q3M）已处理完成。点击查看详情。'],
    [
      'complete',
      '新机已寄回，请注意查收。',
      '报修已完成',
      '您的报修（服务编码 BX261127K7Q3M）已处理完成，处理结果：新机已寄回，请注意查收。点击查看详情。',
    ],
  ] as const)('a %s step with %j reads %s', (kind, remark, title, text) => {
    expect(repairStepNotice({ kind, upkeepCode: 'BX261127K7Q3M', remark })).toEqual({ title, text });
  });

  it('shortens a long result to 60 characters', () => {
    const { text } = repairStepNotice({ kind: 'result', upkeepCode: 'BX261127K7Q3M', remark: '修'.repeat(80) });
    expect(text.endsWith(`${'修'.repeat(60)}…`)).toBe(true);
  });

  it('fills the five template fields and opens the detail page', () => {
    expect(
      repairStepPushFields({ kind: 'complete', name: '王五', upkeepCode: 'BX261127K7Q3M', time: '2026-11-27 10:00' }),
    ).toEqual({
      name: '王五',
      item: '产品报修',
      value: 'BX261127K7Q3M',
      result: '已完成',
      time: '2026-11-27 10:00',
    });
    expect(repairDetailPath(12)).toBe('/faultServiceDetail?upkeepId=12');
  });
});
