import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StackedBarChart, niceAxisMax } from './StackedBarChart';

const seg = (key: string, label: string, value: number, colour: string) => ({ key, label, value, colour });

describe('niceAxisMax', () => {
  it.each([
    [0, 4],
    [3, 4],
    [4, 4],
    [7, 8],
    [13, 20],
    [31, 40],
    [45, 80],
    [160, 200],
  ])('puts the axis top for %i at %i', (max, top) => {
    expect(niceAxisMax(max)).toBe(top);
  });
});

describe('StackedBarChart', () => {
  const bars = [
    { key: '1', label: '空腹', segments: [seg('normal', '正常', 6, 'green'), seg('high', '偏高', 3, 'red')] },
    { key: '2', label: '早餐后', segments: [seg('normal', '正常', 0, 'green'), seg('high', '偏高', 0, 'red')] },
    { key: '3', label: '睡前', segments: [seg('normal', '正常', 2, 'green'), seg('low', '偏低', 1, 'yellow')] },
  ];

  it('stacks each bar’s parts bottom-up and names every count', () => {
    const { container } = render(<StackedBarChart aria-label="时段分布" bars={bars} />);
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe(
      '时段分布：空腹9次（正常6次，偏高3次）；早餐后0次；睡前3次（正常2次，偏低1次）',
    );
    const fasting = container.querySelector('g[data-key="1"]') as SVGGElement;
    const [normal, high] = [...fasting.querySelectorAll('rect')];
    expect(normal?.getAttribute('fill')).toBe('green');
    expect(high?.getAttribute('fill')).toBe('red');
    // The high part sits on top of the normal part and is half its height.
    expect(Number(high?.getAttribute('y')) + Number(high?.getAttribute('height'))).toBeCloseTo(
      Number(normal?.getAttribute('y')),
    );
    expect(Number(high?.getAttribute('height')) * 2).toBeCloseTo(Number(normal?.getAttribute('height')));
    expect(container.querySelector('g[data-key="2"] rect')).toBeNull();
    expect(fasting.textContent).toBe('9空腹');
  });

  it('lists each kind of part once in the legend', () => {
    render(<StackedBarChart aria-label="时段分布" bars={bars} />);
    expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['正常', '偏高', '偏低']);
  });
});
