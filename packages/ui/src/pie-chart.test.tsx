import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PieChart, percentText, pieArcs } from './pie-chart';

const slices = (values: number[]) =>
  ['严重偏高', '偏高', '正常', '偏低', '严重偏低'].map((label, i) => ({
    key: `k${i}`,
    label,
    value: values[i] ?? 0,
    colour: `#00000${i}`,
  }));

describe('pieArcs', () => {
  it('splits the circle in proportion, clockwise from the top', () => {
    const arcs = pieArcs([1, 1, 2]);
    expect(arcs.map((a) => a.fraction)).toEqual([0.25, 0.25, 0.5]);
    expect(arcs[0]).toMatchObject({ start: 0, end: Math.PI / 2 });
    expect(arcs[2]?.end).toBeCloseTo(2 * Math.PI);
  });

  it('gives nothing a share when everything is zero', () => {
    expect(pieArcs([0, 0]).map((a) => a.fraction)).toEqual([0, 0]);
  });
});

describe('percentText', () => {
  it.each([
    [0, '0%'],
    [1 / 3, '33.3%'],
    [0.75, '75%'],
    [1, '100%'],
  ])('%f → %s', (fraction, text) => {
    expect(percentText(fraction)).toBe(text);
  });
});

describe('PieChart', () => {
  it('draws one slice per non-zero count and lists every level with its count and share', () => {
    const { container } = render(<PieChart aria-label="测量质量" slices={slices([2, 6, 10, 2, 0])} />);
    const image = screen.getByRole('img');
    expect(image.getAttribute('aria-label')).toBe(
      '测量质量：共20次；严重偏高2次（10%），偏高6次（30%），正常10次（50%），偏低2次（10%），严重偏低0次（0%）',
    );
    expect([...container.querySelectorAll('path')].map((p) => p.dataset.key)).toEqual(['k0', 'k1', 'k2', 'k3']);
    expect(container.querySelector('path[data-key="k2"]')?.getAttribute('fill')).toBe('#000002');
    const items = screen.getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      '严重偏高2次10%',
      '偏高6次30%',
      '正常10次50%',
      '偏低2次10%',
      '严重偏低0次0%',
    ]);
    expect(within(image).getByText('20')).toBeTruthy();
  });

  it('draws a full circle for a single level (an arc cannot close on itself)', () => {
    const { container } = render(<PieChart aria-label="测量质量" slices={slices([0, 0, 7, 0, 0])} />);
    expect(container.querySelectorAll('path')).toHaveLength(0);
    expect(container.querySelector('circle[data-key="k2"]')).not.toBeNull();
    expect(screen.getByRole('img').getAttribute('aria-label')).toContain('正常7次（100%）');
  });

  it('shows a grey circle and zeros without data', () => {
    const { container } = render(<PieChart aria-label="测量质量" unit="条" slices={slices([0, 0, 0, 0, 0])} />);
    expect(container.querySelectorAll('path, circle[data-key]')).toHaveLength(0);
    expect(container.querySelector('circle')?.getAttribute('fill')).toBe('#e5e6eb');
    expect(screen.getAllByRole('listitem')[0]?.textContent).toBe('严重偏高0条0%');
  });
});
