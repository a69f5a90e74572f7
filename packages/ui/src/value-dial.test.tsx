import { fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ValueDial, limitDecimals } from './value-dial';

describe('limitDecimals', () => {
  it.each([
    ['5.67', 1, '5.6'],
    ['5.', 1, '5.'],
    ['a1b2', 1, '12'],
    ['1.2.3', 1, '1.2'],
    ['120.5', 0, '120'],
    ['', 1, ''],
  ])('%s with %i decimals is %s', (text, decimals, expected) => {
    expect(limitDecimals(text, decimals)).toBe(expected);
  });
});

function Harness({ onBlur }: { onBlur: () => void }) {
  const [value, setValue] = useState('');
  return (
    <ValueDial
      label="血糖值"
      unit="mmol/L"
      min={0.3}
      max={33.3}
      step={0.1}
      value={value}
      onChange={setValue}
      onBlur={onBlur}
      colour="green"
    />
  );
}

describe('ValueDial', () => {
  it('takes typed values with one decimal and slider values, and reports leaving', () => {
    const blur = vi.fn();
    render(<Harness onBlur={blur} />);
    const field = screen.getByRole<HTMLInputElement>('textbox', { name: '血糖值' });
    fireEvent.change(field, { target: { value: '6.78' } });
    expect(field.value).toBe('6.7');
    fireEvent.blur(field);
    expect(blur).toHaveBeenCalledTimes(1);
    fireEvent.change(screen.getByRole('slider', { name: '血糖值刻度' }), { target: { value: '12.3' } });
    expect(field.value).toBe('12.3');
    expect(field.style.color).toBe('green');
  });

  it('is read-only when disabled', () => {
    render(<ValueDial label="血糖值" min={0} max={10} step={1} value="5" onChange={() => undefined} disabled />);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: '血糖值' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLInputElement>('slider', { name: '血糖值刻度' }).disabled).toBe(true);
  });

  it('shows its label when asked, tied to the field, and only then', () => {
    const { unmount } = render(
      <ValueDial
        label="收缩压(高压)"
        unit="mmHg"
        min={1}
        max={250}
        step={1}
        decimals={0}
        value=""
        onChange={() => undefined}
        showLabel
      />,
    );
    expect(screen.getByText('收缩压(高压)').tagName).toBe('LABEL');
    expect(screen.getByLabelText('收缩压(高压)').tagName).toBe('INPUT');
    expect(screen.getByText('mmHg')).toBeTruthy();
    unmount();
    render(<ValueDial label="血糖值" min={0} max={10} step={1} value="5" onChange={() => undefined} />);
    expect(screen.queryByText('血糖值')).toBeNull();
  });
});
