import { describe, expect, it } from 'vitest';
import { formatCompletion, profileCompletion } from './profileCompletion';

describe('profileCompletion', () => {
  it('counts the seven profile fields to one decimal', () => {
    expect(
      profileCompletion({
        headimgurl: 'a.png',
        nickname: '张三',
        sex: 1,
        roleType: 1,
        diabetesType: 3,
        bloodPressureType: 1,
        phone: '13800138000',
      }),
    ).toBe(100);
    expect(profileCompletion({ nickname: '张三', sex: 0, phone: '13800138000', headimgurl: ' ' })).toBe(28.6);
    expect(profileCompletion({})).toBe(0);
  });

  it('formats with one decimal', () => {
    expect(formatCompletion(85.714)).toBe('85.7%');
    expect(formatCompletion(100)).toBe('100.0%');
  });
});
