import { arrayCellMinWidth, renderCell, type ColumnType } from './cells.tsx';
import { en, renderWithProviders, screen, userEvent } from '../../testing/index.ts';

function renderValue(type: ColumnType, value: unknown) {
  return renderWithProviders(<div data-testid="cell">{renderCell(type, value, en)}</div>);
}

test('a date shows as MMM DD, YYYY', () => {
  renderValue('date', '2024-03-05T10:20:30');
  expect(screen.getByTestId('cell')).toHaveTextContent(/^Mar 05, 2024$/);
});

test('a datetime shows as MMM DD, YYYY HH:mm:ss', () => {
  renderValue('datetime', '2024-03-05T10:20:30');
  expect(screen.getByTestId('cell')).toHaveTextContent(/^Mar 05, 2024 10:20:30$/);
});

test.each(['date', 'datetime'] as const)('an empty %s shows the translated not_set', (type) => {
  renderValue(type, null);
  expect(screen.getByTestId('cell')).toHaveTextContent(/^Not set$/);
});

test('true shows a green Yes badge and false a red No badge', () => {
  renderWithProviders(
    <>
      <div data-testid="true">{renderCell('boolean', true, en)}</div>
      <div data-testid="false">{renderCell('boolean', false, en)}</div>
    </>,
  );
  const yes = screen.getByText('Yes');
  const no = screen.getByText('No');
  expect(screen.getByTestId('true')).toHaveTextContent(/^Yes$/);
  expect(screen.getByTestId('false')).toHaveTextContent(/^No$/);
  // The theme's success and error colours (green and red, at readable contrast).
  expect(yes.closest('.ant-tag')).toHaveClass('ant-tag-success');
  expect(no.closest('.ant-tag')).toHaveClass('ant-tag-error');
});

test('text over 30 characters is cut with an ellipsis and the full text shows in a tooltip', async () => {
  const long = 'The quick brown fox jumps over the lazy dog';
  renderValue('text', long);

  const cut = screen.getByText('The quick brown fox jumps over...');
  expect(screen.queryByText(long)).not.toBeInTheDocument();
  await userEvent.hover(cut);

  expect(await screen.findByRole('tooltip')).toHaveTextContent(long);
});

test('text of 30 characters shows whole, without a tooltip', async () => {
  const thirty = 'exactly thirty characters long';
  expect(thirty).toHaveLength(30);
  renderValue('text', thirty);

  await userEvent.hover(screen.getByText(thirty));

  // a cut text's tooltip shows within 0.1 s of hovering (see the test above); none shows here
  await expect(screen.findByRole('tooltip', {}, { timeout: 500 })).rejects.toThrow();
});

test.each([
  ['date', '2024-03-05T10:20:30', 'Mar 05, 2024'],
  ['datetime', '2024-03-05T10:20:30', 'Mar 05, 2024 10:20:30'],
  ['text', 'Northstar Trading - FR Desk', 'Northstar Trading - FR Desk'],
  ['text', 'The quick brown fox jumps over the lazy dog', 'The quick brown fox jumps over...'],
  ['object', { id: 3, name: 'Summit Wealth Partners, APAC Desk' }, 'Summit Wealth Partners, APAC D...'],
] as const)('a %s stays on one line, however narrow its column: %s', (type, value, shown) => {
  renderValue(type, value);
  expect(screen.getByText(shown)).toHaveStyle({ whiteSpace: 'nowrap' });
});

test('a status shows its name in its colours', () => {
  renderValue('status', { name: 'Qualified', text_color: 'rgb(255, 255, 255)', bg_color: 'rgb(0, 128, 0)' });
  const tag = screen.getByText('Qualified');
  expect(tag).toHaveStyle({ color: 'rgb(255, 255, 255)', background: 'rgb(0, 128, 0)' });
});

test('a missing status shows the translated status.not.set', () => {
  renderValue('status', null);
  expect(screen.getByTestId('cell')).toHaveTextContent(/^Status not set$/);
  expect(screen.getByText('Status not set')).toHaveClass('ant-typography-secondary');
});

test('arrays show one tag per item and objects their name', () => {
  renderWithProviders(
    <>
      <div data-testid="array">{renderCell('array', [{ id: 1, name: 'VIP' }, 'Cold'], en)}</div>
      <div data-testid="object">{renderCell('object', { id: 2, title: 'Main branch' }, en)}</div>
    </>,
  );
  expect(screen.getByText('VIP')).toHaveClass('ant-tag');
  expect(screen.getByText('Cold')).toHaveClass('ant-tag');
  // A long tag breaks inside instead of running under the next column.
  expect(screen.getByText('Cold')).toHaveStyle({ whiteSpace: 'normal' });
  // …and the cell keeps room for a few words a line, however narrow the table.
  expect(screen.getByText('Cold').parentElement).toHaveStyle({ minWidth: `${arrayCellMinWidth}px` });
  expect(screen.getByTestId('object')).toHaveTextContent(/^Main branch$/);
});
