import { useState } from 'react';
import { LabelledDateInput } from './LabelledDateInput.tsx';
import { fireEvent, renderWithProviders, screen } from '../../testing/index.ts';

function renderInput(initial: string | undefined) {
  const onChange = jest.fn<void, [string | undefined]>();
  function Controlled() {
    const [value, setValue] = useState(initial);
    const change = (next: string | undefined) => {
      onChange(next);
      setValue(next);
    };
    return <LabelledDateInput label="Week ending" testId="week" value={value} max="2026-03-07" onChange={change} />;
  }
  renderWithProviders(<Controlled />);
  return { onChange, input: screen.getByTestId('week') };
}

test('the label is written visibly beside the date, and names the input', () => {
  const { input } = renderInput('2026-03-01');
  expect(screen.getByText('Week ending')).toBeVisible();
  expect(screen.getByLabelText('Week ending')).toBe(input);
  expect(input).toHaveAttribute('type', 'date');
  expect(input).toHaveAttribute('max', '2026-03-07');
  expect(input).toHaveValue('2026-03-01');
});

test('picking a day gives it, and clearing gives undefined', () => {
  const { input, onChange } = renderInput(undefined);
  expect(input).toHaveValue('');
  fireEvent.change(input, { target: { value: '2026-02-01' } });
  expect(onChange).toHaveBeenLastCalledWith('2026-02-01');
  fireEvent.change(input, { target: { value: '' } });
  expect(onChange).toHaveBeenLastCalledWith(undefined);
});

test('a year still being typed (0002, 0020, 0202) is shown but not given; the whole one is', () => {
  const { input, onChange } = renderInput('2026-03-01');
  for (const partial of ['0002-03-01', '0020-03-01', '0202-03-01']) {
    fireEvent.change(input, { target: { value: partial } });
    expect(input).toHaveValue(partial);
  }
  expect(onChange).not.toHaveBeenCalled();
  fireEvent.change(input, { target: { value: '2025-03-01' } });
  expect(onChange).toHaveBeenCalledTimes(1);
  expect(onChange).toHaveBeenLastCalledWith('2025-03-01');
});
