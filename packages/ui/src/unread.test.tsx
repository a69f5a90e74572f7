import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UnreadBadge, describeUnreadCount, formatUnreadCount } from './unread';

describe('formatUnreadCount', () => {
  it('shows nothing for zero, negative and non-finite counts', () => {
    expect(formatUnreadCount(0)).toBeNull();
    expect(formatUnreadCount(-3)).toBeNull();
    expect(formatUnreadCount(Number.NaN)).toBeNull();
  });

  it('shows counts up to 99 as they are and caps larger ones at 99+', () => {
    expect(formatUnreadCount(1)).toBe('1');
    expect(formatUnreadCount(99)).toBe('99');
    expect(formatUnreadCount(100)).toBe('99+');
    expect(formatUnreadCount(120)).toBe('99+');
  });

  it('drops fractions', () => {
    expect(formatUnreadCount(2.7)).toBe('2');
    expect(formatUnreadCount(0.5)).toBeNull();
  });

  it('describes the count in Chinese for assistive technology', () => {
    expect(describeUnreadCount(3)).toBe('3条未读消息');
    expect(describeUnreadCount(0)).toBeUndefined();
  });
});

describe('UnreadBadge', () => {
  it('shows 99+ for 120 unread messages', () => {
    render(<UnreadBadge count={120} />);
    expect(screen.getByText('99+')).toBeTruthy();
    expect(screen.getByLabelText('99+条未读消息')).toBeTruthy();
  });

  it('shows the exact number below the cap', () => {
    render(<UnreadBadge count={7}>消息</UnreadBadge>);
    expect(screen.getByText('消息')).toBeTruthy();
    expect(screen.getByTestId('unread-badge').textContent).toBe('7');
  });

  it('renders nothing for 0 and leaves its children alone', () => {
    const { container, rerender } = render(<UnreadBadge count={0} />);
    expect(container.innerHTML).toBe('');
    rerender(<UnreadBadge count={0}>消息</UnreadBadge>);
    expect(container.textContent).toBe('消息');
    expect(screen.queryByTestId('unread-badge')).toBeNull();
  });
});
