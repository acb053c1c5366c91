import { formatAmount, formatCount } from './numbers.ts';

test("counts are grouped the way the console's language groups them", () => {
  expect(formatCount(1234567, 'en')).toBe('1,234,567');
  expect(formatCount(1234567, 'de')).toBe('1.234.567');
  expect(formatCount(200000, 'de')).toBe('200.000');
});

test('amounts get two decimals, grouped in the language; what is not a number stays as given', () => {
  expect(formatAmount('6392.5', 'en')).toBe('6,392.50');
  expect(formatAmount('6392.5', 'de')).toBe('6.392,50');
  expect(formatAmount('250.00', 'en')).toBe('250.00');
  expect(formatAmount('-12', 'en')).toBe('-12.00');
  expect(formatAmount('n/a', 'en')).toBe('n/a');
  expect(formatAmount(' ', 'en')).toBe(' ');
});
