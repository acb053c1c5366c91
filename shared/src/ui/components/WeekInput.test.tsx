import { useState } from 'react';
import { ConfigProvider } from 'antd';
import deDE from 'antd/locale/de_DE';
import { WeekInput } from './WeekInput.tsx';
import { renderWithProviders, screen, userEvent } from '../../testing/index.ts';

function renderInput(initial: string | undefined, german = false) {
  const onChange = jest.fn<void, [string]>();
  function Controlled() {
    const [value, setValue] = useState(initial);
    const change = (next: string) => {
      onChange(next);
      setValue(next);
    };
    return <WeekInput label="Week" testId="week" value={value} max="2026-03-25" onChange={change} />;
  }
  renderWithProviders(
    german ? (
      <ConfigProvider locale={deDE}>
        <Controlled />
      </ConfigProvider>
    ) : (
      <Controlled />
    ),
  );
  return { onChange, input: screen.getByLabelText('Week') };
}

test('shows the week as its Monday and Sunday, written as the console writes dates', () => {
  const { input } = renderInput('2026-03-09');
  expect(input).toHaveValue('Mar 09, 2026 – Mar 15, 2026');
});

/** The open calendar's weekday names (the first column holds the week's number). */
async function openCalendar(input: HTMLElement): Promise<{ dropdown: Element; weekdays: (string | null)[] }> {
  await userEvent.setup().click(input);
  const dropdown = document.querySelector('.ant-picker-dropdown');
  if (!dropdown) throw new Error('no calendar');
  return { dropdown, weekdays: [...dropdown.querySelectorAll('thead th')].map((cell) => cell.textContent).slice(1) };
}

test('the calendar’s weeks run from Monday to Sunday', async () => {
  const { dropdown, weekdays } = await openCalendar(renderInput('2026-03-09').input);
  expect(weekdays).toEqual(['Mo', 'Tu', 'We', 'Th', 'Fr', 'Sa', 'Su']);
  const selected = dropdown.querySelector('.ant-picker-week-panel-row-selected');
  expect([...(selected?.querySelectorAll('td[title]') ?? [])].map((cell) => cell.getAttribute('title'))).toEqual([
    '2026-03-09',
    '2026-03-10',
    '2026-03-11',
    '2026-03-12',
    '2026-03-13',
    '2026-03-14',
    '2026-03-15',
  ]);
});

test('picking any day of a week gives that week’s Monday; weeks after the latest day allowed cannot be picked', async () => {
  const user = userEvent.setup();
  const { input, onChange } = renderInput('2026-03-09');
  await user.click(input);
  await user.click(await screen.findByTitle('2026-03-22'));
  expect(onChange).toHaveBeenLastCalledWith('2026-03-16');
  expect(input).toHaveValue('Mar 16, 2026 – Mar 22, 2026');
  await user.click(input);
  // The week of the latest day can (it has begun); the next cannot.
  expect(await screen.findByTitle('2026-03-26')).not.toHaveClass('ant-picker-cell-disabled');
  expect(screen.getByTitle('2026-03-31')).toHaveClass('ant-picker-cell-disabled');
});

test('in German too, with German day names', async () => {
  const { weekdays } = await openCalendar(renderInput('2026-03-09', true).input);
  expect(weekdays).toEqual(['Mo', 'Di', 'Mi', 'Do', 'Fr', 'Sa', 'So']);
});
