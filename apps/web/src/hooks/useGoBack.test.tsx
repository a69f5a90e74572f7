import { act, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { useGoBack } from './useGoBack';

function Leaf() {
  const goBack = useGoBack('/home');
  return (
    <button type="button" onClick={goBack}>
      back
    </button>
  );
}

function routerAt(entries: string[]) {
  return createMemoryRouter(
    [
      { path: '/home', element: <p>home</p> },
      { path: '/list', element: <p>list</p> },
      { path: '/leaf', element: <Leaf /> },
    ],
    { initialEntries: entries, initialIndex: 0 },
  );
}

describe('useGoBack', () => {
  it('goes one step back when the page was opened from inside the app', async () => {
    const router = routerAt(['/list']);
    render(<RouterProvider router={router} />);
    await act(() => router.navigate('/leaf'));
    act(() => screen.getByRole('button', { name: 'back' }).click());
    await screen.findByText('list');
  });

  it('goes to the fallback, replacing the entry, when the page was opened directly', async () => {
    const router = routerAt(['/leaf']);
    render(<RouterProvider router={router} />);
    act(() => screen.getByRole('button', { name: 'back' }).click());
    await screen.findByText('home');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
