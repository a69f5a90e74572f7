import { act, screen, waitFor } from '@testing-library/react';
import { Toast } from 'antd-mobile';
import { describe, expect, it } from 'vitest';
import { installAntdMobileRender } from './antd-render';

describe('installAntdMobileRender', () => {
  it('makes antd-mobile Toast show and close under React 19', async () => {
    installAntdMobileRender();
    act(() => {
      Toast.show({ content: '提交成功', duration: 0 });
    });
    expect(await screen.findByText('提交成功')).toBeTruthy();

    // A second toast re-renders into the same root instead of stacking.
    act(() => {
      Toast.show({ content: '更改成功', duration: 0 });
    });
    expect(await screen.findByText('更改成功')).toBeTruthy();
    expect(screen.queryByText('提交成功')).toBeNull();

    act(() => {
      Toast.clear();
    });
    await waitFor(() => expect(screen.queryByText('更改成功')).toBeNull());
  });
});
