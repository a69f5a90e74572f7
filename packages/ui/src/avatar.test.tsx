import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PersonAvatar } from './avatar';

describe('PersonAvatar', () => {
  it('shows the picture when there is one', () => {
    render(<PersonAvatar name="张丽" url="/api/files/a.png" />);
    expect(screen.getByRole('img', { name: '张丽的头像' }).getAttribute('src')).toBe('/api/files/a.png');
  });

  it('stands in with the first character, rose for women and blue otherwise', () => {
    const { rerender } = render(<PersonAvatar name=" 张丽" sex={2} size={30} />);
    const avatar = screen.getByRole('img', { name: '张丽的头像' });
    expect(avatar.textContent).toBe('张');
    expect(avatar.style.background).toBe('rgb(194, 24, 91)');
    expect(avatar.style.width).toBe('30px');
    rerender(<PersonAvatar name="" />);
    expect(screen.getByRole('img', { name: '的头像' }).textContent).toBe('?');
    expect(screen.getByRole('img', { name: '的头像' }).style.background).toBe('rgb(21, 101, 192)');
  });
});
