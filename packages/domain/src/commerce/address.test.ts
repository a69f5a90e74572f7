import { describe, expect, it } from 'vitest';
import { validateAddress } from './address';

describe('validateAddress', () => {
  const ok = {
    consigneeName: '张三',
    phone: '13800138000',
    province: '北京市',
    city: '北京市',
    district: '朝阳区',
    detailAddress: '建国路一号院',
  };

  it.each([
    [{ consigneeName: '' }, 'consigneeName', '收货人不能为空'],
    [{ consigneeName: '一二三四五六七八九十一' }, 'consigneeName', '收货人不能超过10个字符'],
    [{ phone: '' }, 'phone', '手机号不能为空'],
    [{ phone: '2380013800' }, 'phone', '手机号不正确'],
    [{ district: '' }, 'region', '地区不能为空'],
    [{ detailAddress: ' ' }, 'detailAddress', '详细地址不能为空'],
    [{ detailAddress: '建国路1' }, 'detailAddress', '详细地址不能少于5个字'],
    [{ detailAddress: '路'.repeat(41) }, 'detailAddress', '详细地址不能超过40个字符'],
    [{ detailAddress: '建国路一号🏠' }, 'detailAddress', '请不要输入表情'],
  ])('rejects %j on %s with %s', (over, field, message) => {
    expect(validateAddress({ ...ok, ...over })).toEqual({ ok: false, field, message });
  });

  it('accepts 5 and 40 characters of detail', () => {
    expect(validateAddress({ ...ok, detailAddress: '建国路一号' })).toEqual({ ok: true });
    expect(validateAddress({ ...ok, detailAddress: '路'.repeat(40) })).toEqual({ ok: true });
  });
});
