import { useState } from 'react';
import { LabelledDateInput } from './LabelledDateInput.tsx';
import { renderWithProviders, screen, userEvent } from '../../testing/index.ts';

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
  return { onChange, input: screen.getByLabelText('Week ending') };
}

test('the label is written visibly beside the date, and names the input', () => {
  const { input } = renderInput('2026-03-01');
  expect(screen.getByText('Week ending')).toBeVisible();
  expect(input.tagName).toBe('INPUT');
});

test('the day reads as every date of the console does (Mar 01, 2026), not as the browser writes it', () => {
  const { input } = renderInput('2026-03-01');
  expect(input).toHaveValue('Mar 01, 2026');
});

test('picking a day gives it as YYYY-MM-DD; a day after the latest allowed cannot be picked', async () => {
  const user = userEvent.setup();
  const { input, onChange } = renderInput('2026-03-01');
  await user.click(input);
  await user.click(await screen.findByTitle('2026-03-05'));
  expect(onChange).toHaveBeenLastCalledWith('2026-03-05');
  expect(input).toHaveValue('Mar 05, 2026');
  await user.click(input);
  expect(await screen.findByTitle('2026-03-08')).toHaveClass('ant-picker-cell-disabled');
});

test('a day can be typed, as the console writes it or as YYYY-MM-DD', async () => {
  const user = userEvent.setup();
  const { input, onChange } = renderInput('2026-03-01');
  await user.clear(input);
  await user.type(input, '2026-03-04{Enter}');
  expect(onChange).toHaveBeenLastCalledWith('2026-03-04');
  await user.clear(input);
  await user.type(input, 'Mar 02, 2026{Enter}');
  expect(onChange).toHaveBeenLastCalledWith('2026-03-02');
});

test('clearing it gives undefined', async () => {
  const user = userEvent.setup();
  const { onChange } = renderInput('2026-03-01');
  await user.click(screen.getByRole('button', { name: /clear/i }));
  expect(onChange).toHaveBeenLastCalledWith(undefined);
});
