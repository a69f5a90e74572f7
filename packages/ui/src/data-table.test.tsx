import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DataTable } from './data-table';

type Row = { day: string; a: number };

describe('DataTable', () => {
  const columns = [
    { key: 'day', title: '日期' },
    {
      key: 'a',
      title: '值',
      colour: (row: Row) => (row.a > 10 ? 'red' : undefined),
      render: (row: Row) => `${row.a}!`,
    },
  ];

  it.each([
    [12, 'red', '#fff'],
    [5, undefined, ''],
  ])('colours a cell holding %s', (a, colour, text) => {
    render(<DataTable aria-label="表" columns={columns} rows={[{ day: '11-01', a }]} rowKey={(row) => row.day} />);
    const cell = screen.getByText(`${a}!`);
    expect(cell.getAttribute('data-colour') ?? undefined).toBe(colour);
    expect(cell.style.color).toBe(text === '' ? '' : 'rgb(255, 255, 255)');
    expect(screen.getByText('11-01').getAttribute('data-colour')).toBeNull();
  });

  it('makes rows buttons when they can be opened', () => {
    const open = vi.fn();
    render(
      <DataTable
        columns={columns}
        rows={[{ day: '11-01', a: 1 }]}
        rowKey={(row) => row.day}
        onRowClick={open}
        rowLabel={(row) => `查看${row.day}`}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: '查看11-01' }));
    fireEvent.keyDown(screen.getByRole('button', { name: '查看11-01' }), { key: 'Enter' });
    expect(open).toHaveBeenCalledTimes(2);
    expect(open).toHaveBeenCalledWith({ day: '11-01', a: 1 });
  });
});
