import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LevelGauge, needleEnd } from './level-gauge';

describe('needleEnd', () => {
  it.each([
    [0, { x: 30, y: 100 }],
    [50, { x: 100, y: 30 }],
    [100, { x: 170, y: 100 }],
    [150, { x: 170, y: 100 }],
  ])('%i%% points to %o', (percent, expected) => {
    expect(needleEnd(percent)).toEqual(expected);
  });
});

describe('LevelGauge', () => {
  it('reports its level as a meter', () => {
    render(<LevelGauge name="血压水平" percent={90} label="偏高" colour="red" />);
    const meter = screen.getByRole('meter', { name: '血压水平' });
    expect(meter.getAttribute('aria-valuenow')).toBe('90');
    expect(meter.textContent).toBe('偏高');
  });

  it('has no needle without a reading', () => {
    const { container } = render(<LevelGauge name="血压水平" percent={undefined} />);
    expect(container.querySelector('line')).toBeNull();
  });
});
