import { Select } from 'antd';
import { countrySearch } from './countrySearch.ts';
import { fireEvent, renderWithProviders, screen, userEvent } from '../../testing/index.ts';

// In the option list's order (by name), the names holding "de" / "it" come before the countries with those codes.
const countries = [
  { value: 'DZ', label: 'Algeria (DZ)' },
  { value: 'BD', label: 'Bangladesh (BD)' },
  { value: 'IO', label: 'British Indian Ocean Territory (IO)' },
  { value: 'DE', label: 'Germany (DE)' },
  { value: 'IT', label: 'Italy (IT)' },
];

function renderPicker() {
  const onChange = jest.fn<void, [string[]]>();
  renderWithProviders(<Select mode="multiple" aria-label="Countries" showSearch={countrySearch} options={countries} onChange={onChange} />);
  return onChange;
}

test.each([
  ['DE', 'DE'],
  ['it', 'IT'],
  // No code is "ger": Germany, whose name starts with it, comes before Algeria, whose name holds it.
  ['ger', 'DE'],
])('typing %s and Enter picks %s: an exact code first, then names starting with the text', async (typed, code) => {
  const onChange = renderPicker();
  await userEvent.type(screen.getByLabelText('Countries'), typed);
  // rc-select reads the key from `which`, which user-event does not set.
  fireEvent.keyDown(screen.getByLabelText('Countries'), { key: 'Enter', keyCode: 13, which: 13 });
  expect(onChange).toHaveBeenLastCalledWith([code], expect.anything());
});

test('typing narrows the list to the countries whose label holds the text', async () => {
  renderPicker();
  await userEvent.type(screen.getByLabelText('Countries'), 'ang');
  const shown = Array.from(document.querySelectorAll('.ant-select-item-option-content'), (option) => option.textContent);
  expect(shown).toEqual(['Bangladesh (BD)']);
});
