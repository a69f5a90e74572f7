import { LOCATION_RETRY_LIMIT } from '@glucoguard/domain';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { LocationFailure, LocationPanel, type LocationPlace } from './location-panel';

const SHENZHEN: LocationPlace = {
  provinceName: '广东省',
  cityName: '深圳市',
  districtName: '南山区',
  longitude: 113.93,
  latitude: 22.53,
};
const BEIJING: LocationPlace = {
  provinceName: '北京市',
  cityName: '北京市',
  districtName: '东城区',
  longitude: 116.42,
  latitude: 39.93,
};

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('LocationPanel', () => {
  it('shows the saved place and lets the user confirm it', () => {
    const onConfirm = vi.fn();
    render(<LocationPanel value={SHENZHEN} onChange={vi.fn()} locate={vi.fn()} onConfirm={onConfirm} />);
    const group = screen.getByRole('group', { name: '当前位置' });
    expect(group.textContent).toContain('广东省 深圳市 南山区');
    fireEvent.click(screen.getByRole('button', { name: '确认位置' }));
    expect(onConfirm).toHaveBeenCalledWith(SHENZHEN);
  });

  it('says no place is known and offers only to locate', () => {
    render(<LocationPanel value={null} onChange={vi.fn()} locate={vi.fn()} onConfirm={vi.fn()} />);
    expect(screen.getByRole('group', { name: '当前位置' }).textContent).toContain('尚未获取位置');
    expect(screen.queryByRole('button', { name: '确认位置' })).toBeNull();
    expect(screen.getByRole('button', { name: '重新定位' })).toBeTruthy();
  });

  it('shows 正在定位… while locating, then hands the new place on', async () => {
    const pending = deferred<LocationPlace>();
    const onChange = vi.fn();
    render(<LocationPanel value={SHENZHEN} onChange={onChange} locate={() => pending.promise} />);
    fireEvent.click(screen.getByRole('button', { name: '重新定位' }));
    expect(screen.getByRole('status').textContent).toBe('正在定位…');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: '重新定位' }).disabled).toBe(true);
    await act(async () => pending.resolve(BEIJING));
    expect(onChange).toHaveBeenCalledWith(BEIJING);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it.each([
    ['denied', '请允许授权获取地理位置信息！'],
    ['failed', '定位失败'],
    ['notFound', '系统无法检测到您的位置，是否重试？'],
  ] as const)('says why a %s attempt failed and retries', async (failure, message) => {
    const locate = vi.fn<() => Promise<LocationPlace>>().mockRejectedValueOnce(new LocationFailure(failure));
    locate.mockResolvedValueOnce(BEIJING);
    const onChange = vi.fn();
    render(<LocationPanel value={null} onChange={onChange} locate={locate} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重新定位' })));
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(onChange).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    expect(locate).toHaveBeenCalledTimes(2);
    expect(onChange).toHaveBeenCalledWith(BEIJING);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('still offers the saved place when a new position is refused', async () => {
    const onConfirm = vi.fn();
    const locate = () => Promise.reject(new LocationFailure('denied'));
    render(<LocationPanel value={SHENZHEN} onChange={vi.fn()} locate={locate} onConfirm={onConfirm} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重新定位' })));
    expect(screen.getByRole('alert').textContent).toBe('请允许授权获取地理位置信息！');
    expect(screen.getByRole('button', { name: '重试' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '确认位置' }));
    expect(onConfirm).toHaveBeenCalledWith(SHENZHEN);
  });

  it('counts an unexplained rejection as 定位失败', async () => {
    render(<LocationPanel value={null} onChange={vi.fn()} locate={() => Promise.reject(new Error('boom'))} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重新定位' })));
    expect(screen.getByRole('alert').textContent).toBe('定位失败');
  });

  it('stops offering a retry after the spec’s ten attempts', async () => {
    const locate = vi.fn(() => Promise.reject(new LocationFailure('notFound')));
    render(<LocationPanel value={null} onChange={vi.fn()} locate={locate} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '重新定位' })));
    for (let attempt = 2; attempt <= LOCATION_RETRY_LIMIT; attempt += 1) {
      await act(async () => fireEvent.click(screen.getByRole('button', { name: '重试' })));
    }
    expect(locate).toHaveBeenCalledTimes(LOCATION_RETRY_LIMIT);
    expect(screen.queryByRole('button', { name: '重试' })).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('多次定位未成功');
  });

  it('takes its own labels and can leave the place to a field beside it', () => {
    render(
      <LocationPanel
        value={SHENZHEN}
        onChange={vi.fn()}
        locate={vi.fn()}
        showValue={false}
        labels={{ title: '家庭住址定位', locate: '使用当前位置' }}
      />,
    );
    const group = screen.getByRole('group', { name: '家庭住址定位' });
    expect(group.textContent).not.toContain('深圳市');
    expect(screen.getByRole('button', { name: '使用当前位置' })).toBeTruthy();
  });
});
