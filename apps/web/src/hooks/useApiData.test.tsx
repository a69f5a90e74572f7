import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useApiData } from './useApiData';

/** A read the test answers by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('useApiData', () => {
  it('drops the answer of an older key and keeps the old data on screen until the new one arrives', async () => {
    const reads = new Map([
      [1, deferred<string>()],
      [2, deferred<string>()],
    ]);
    const { result, rerender } = renderHook(({ id }) => useApiData(() => reads.get(id)!.promise, id), {
      initialProps: { id: 1 },
    });
    expect(result.current.data).toBeNull();
    expect(result.current.loading).toBe(true);
    await act(async () => reads.get(1)!.resolve('one'));
    expect(result.current.data).toBe('one');
    rerender({ id: 2 });
    expect(result.current.data).toBe('one');
    await act(async () => reads.get(2)!.resolve('two'));
    expect(result.current.data).toBe('two');
    expect(result.current.loading).toBe(false);
  });

  it('with clear, shows nothing for a new key until its answer arrives', async () => {
    const answers: Record<string, string> = { a: 'A', b: 'B' };
    const { result, rerender } = renderHook(
      ({ id }) => useApiData(() => Promise.resolve(answers[id]!), [id], { clear: true }),
      {
        initialProps: { id: 'a' },
      },
    );
    await waitFor(() => expect(result.current.data).toBe('A'));
    rerender({ id: 'b' });
    expect(result.current.data).toBeNull();
    await waitFor(() => expect(result.current.data).toBe('B'));
  });

  it('reports a failure once, with its error, and not after unmounting', async () => {
    const onError = vi.fn();
    const failing = deferred<string>();
    const { result } = renderHook(() => useApiData(() => Promise.reject(new Error('boom')), '', { onError }));
    await waitFor(() => expect(result.current.failed).toBe(true));
    expect((result.current.error as Error).message).toBe('boom');
    expect(onError).toHaveBeenCalledTimes(1);

    const late = vi.fn();
    const view = renderHook(() => useApiData(() => failing.promise, '', { onError: late }));
    view.unmount();
    await act(async () => failing.reject(new Error('late')));
    expect(late).not.toHaveBeenCalled();
  });

  it('reads nothing while disabled, and mutate replaces the data held', async () => {
    const load = vi.fn(() => Promise.resolve(1));
    const { result, rerender } = renderHook(({ on }) => useApiData(load, '', { enabled: on }), {
      initialProps: { on: false },
    });
    expect(load).not.toHaveBeenCalled();
    expect(result.current.loading).toBe(false);
    rerender({ on: true });
    await waitFor(() => expect(result.current.data).toBe(1));
    act(() => result.current.mutate((n) => (n ?? 0) + 1));
    expect(result.current.data).toBe(2);
  });
});
