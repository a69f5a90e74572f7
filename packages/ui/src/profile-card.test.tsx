import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ProfileCard, completionActionLabel } from './profile-card';

describe('completionActionLabel', () => {
  it('reads 去修改 at 100 percent and 去完善 below', () => {
    expect(completionActionLabel(100)).toBe('去修改');
    expect(completionActionLabel(99.9)).toBe('去完善');
    expect(completionActionLabel(0)).toBe('去完善');
  });
});

describe('ProfileCard', () => {
  it('shows name, completion and the action link the app renders', () => {
    render(
      <ProfileCard
        nickname="张三"
        completion={83.333}
        renderAction={(label) => <a href="/register/editUserInfo">{label}</a>}
      />,
    );
    expect(screen.getByText('张三')).toBeTruthy();
    expect(screen.getByText('资料完善度 83.3%')).toBeTruthy();
    expect(screen.getByRole('link', { name: '去完善' }).getAttribute('href')).toBe('/register/editUserInfo');
  });

  it('uses the female default avatar for sex 2 and the neutral one otherwise', () => {
    const { rerender } = render(<ProfileCard nickname="李四" sex={2} />);
    expect(screen.getByRole('img', { name: '女性默认头像' })).toBeTruthy();
    rerender(<ProfileCard nickname="李四" sex={1} />);
    expect(screen.getByRole('img', { name: '默认头像' })).toBeTruthy();
  });

  it('hides the completion line when no completion is given', () => {
    render(<ProfileCard nickname="未登录" note="注册后查看个人资料" />);
    expect(screen.queryByText(/资料完善度/)).toBeNull();
    expect(screen.getByText('注册后查看个人资料')).toBeTruthy();
  });
});
