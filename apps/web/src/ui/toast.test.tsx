import { screen, waitFor } from '@testing-library/react';
import { installAntdMobileRender } from '@glucoguard/ui';
import { beforeAll, describe, expect, it } from 'vitest';
import { clearToast, showToast, toast } from './toast';

beforeAll(() => {
  installAntdMobileRender();
});

describe('toasts fetched with the first one', () => {
  it('keeps the order asked while the code arrives: a loader shown then cleared stays cleared', async () => {
    showToast({ icon: 'loading', content: '拼命上传中...', duration: 0 });
    clearToast();
    toast('保存成功');
    expect(await screen.findByText('保存成功')).toBeTruthy();
    expect(screen.queryByText('拼命上传中...')).toBeNull();
  });

  it('replaces the toast on screen with the next one, as antd-mobile does', async () => {
    showToast({ icon: 'loading', content: '拼命上传中...', duration: 0 });
    expect(await screen.findByText('拼命上传中...')).toBeTruthy();
    toast('提交失败');
    expect(await screen.findByText('提交失败')).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('拼命上传中...')).toBeNull());
    clearToast();
  });
});
