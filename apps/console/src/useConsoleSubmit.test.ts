// The submit guard: busy while a submit runs, the task's value back, a failure's message shown (not the
// session's end, already signed out), and a second submit during the first ignored.
import { describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { ApiError } from '@glucoguard/sdk';
import { useConsoleSubmit } from './useConsoleSubmit';

/** A promise the test settles when it wants. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => {
    resolve = done;
  });
  return { promise, resolve };
}

describe('useConsoleSubmit', () => {
  it('is busy while the task runs and answers its value', async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    const answer = deferred<string>();
    let value: Promise<string | undefined> | undefined;
    act(() => {
      value = result.current.run(() => answer.promise);
    });
    expect(result.current.busy).toBe(true);
    await act(async () => answer.resolve('saved'));
    await expect(value).resolves.toBe('saved');
    expect(result.current.busy).toBe(false);
    expect(result.current.error).toBeNull();
  });

  it("shows a failure's message, answers undefined and then calls onFailure", async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    const onFailure = vi.fn();
    const failure = new ApiError({ code: 40000, errMsg: '退款金额不能超过可退金额', kind: 'server', status: 400 });
    let value: string | undefined = 'not yet';
    await act(async () => {
      value = await result.current.run(() => Promise.reject<string>(failure), onFailure);
    });
    expect(value).toBeUndefined();
    expect(result.current.error).toBe('退款金额不能超过可退金额');
    expect(result.current.busy).toBe(false);
    expect(onFailure).toHaveBeenCalledWith(failure);
  });

  it("shows the SDK's text of a network failure", async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    const failure = new ApiError({ code: -1, errMsg: '网络连接异常，请检查网络', kind: 'network' });
    await act(async () => {
      await result.current.run(() => Promise.reject(failure));
    });
    expect(result.current.error).toBe('网络连接异常，请检查网络');
  });

  it('shows nothing for the end of the session, which has already signed out', async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    const onFailure = vi.fn();
    const failure = new ApiError({ code: 40100, errMsg: '登录已过期，请重新登录', kind: 'server', status: 401 });
    await act(async () => {
      await result.current.run(() => Promise.reject(failure), onFailure);
    });
    expect(result.current.error).toBeNull();
    expect(result.current.busy).toBe(false);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it('ignores a second submit while the first is in flight (a double click sends one request)', async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    const answer = deferred<number>();
    const task = vi.fn(() => answer.promise);
    let first: Promise<number | undefined> | undefined;
    let second: Promise<number | undefined> | undefined;
    act(() => {
      first = result.current.run(task);
      second = result.current.run(task);
    });
    await expect(second).resolves.toBeUndefined();
    await act(async () => answer.resolve(1));
    await expect(first).resolves.toBe(1);
    expect(task).toHaveBeenCalledTimes(1);

    await act(async () => {
      await result.current.run(task);
    });
    expect(task).toHaveBeenCalledTimes(2);
  });

  it('keeps a validation message until the next submit clears it', async () => {
    const { result } = renderHook(() => useConsoleSubmit());
    act(() => result.current.setError('库存数量须为 0 到 99999 的整数'));
    expect(result.current.error).toBe('库存数量须为 0 到 99999 的整数');
    await act(async () => {
      await result.current.run(() => Promise.resolve());
    });
    expect(result.current.error).toBeNull();
  });
});
