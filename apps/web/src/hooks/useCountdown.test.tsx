import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CODE_COUNTDOWN_SECONDS, codeCountdownLabel } from '@glucoguard/domain';
import { useCountdown } from './useCountdown';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('useCountdown', () => {
  it('counts the code button down from 120 once a second and resets to 获取验证码', () => {
    const { result } = renderHook(() => useCountdown());
    expect(codeCountdownLabel(result.current.secondsLeft)).toBe('获取验证码');
    act(() => result.current.start(CODE_COUNTDOWN_SECONDS));
    expect(codeCountdownLabel(result.current.secondsLeft)).toBe('120秒后获取');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(codeCountdownLabel(result.current.secondsLeft)).toBe('119秒后获取');
    act(() => {
      vi.advanceTimersByTime(118_000);
    });
    expect(codeCountdownLabel(result.current.secondsLeft)).toBe('1秒后获取');
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(codeCountdownLabel(result.current.secondsLeft)).toBe('获取验证码');
    act(() => {
      vi.advanceTimersByTime(5000);
    });
    expect(result.current.secondsLeft).toBe(0);
  });
});
