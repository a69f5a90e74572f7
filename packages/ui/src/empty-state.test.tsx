import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmptyState } from './empty-state';

describe('EmptyState', () => {
  it('says 暂无数据 by default', () => {
    render(<EmptyState />);
    expect(screen.getByRole('status').textContent).toBe('暂无数据');
  });

  it('shows a custom title, description and action', () => {
    render(
      <EmptyState title="尚未绑定任何设备" description="绑定血糖仪后自动同步数据">
        <button type="button">去绑定</button>
      </EmptyState>,
    );
    const status = screen.getByRole('status');
    expect(status.textContent).toContain('尚未绑定任何设备');
    expect(status.textContent).toContain('绑定血糖仪后自动同步数据');
    expect(status.textContent).not.toContain('暂无数据');
    expect(screen.getByRole('button', { name: '去绑定' })).toBeTruthy();
  });
});
