import { cellText, formatDate, formatDateParts, isEmptyCell } from '../preview/cellText.ts';

test('formats date parts as YYYY-MM-DD HH:mm:ss with leading zeros', () => {
  expect(formatDateParts({ year: 1990, month: 4, day: 3, hours: 7, minutes: 5, seconds: 9 })).toBe('1990-04-03 07:05:09');
});

test('formats a Date in local time', () => {
  expect(formatDate(new Date(2024, 0, 31, 23, 59, 58))).toBe('2024-01-31 23:59:58');
});

test('shows text as it is, numbers in full, booleans as the spreadsheet does and nothing as empty', () => {
  expect(cellText(' Ada ')).toBe(' Ada ');
  expect(cellText(4915112345678)).toBe('4915112345678');
  expect(cellText(250.5)).toBe('250.5');
  expect(cellText(true)).toBe('TRUE');
  expect(cellText(null)).toBe('');
  expect(cellText(undefined)).toBe('');
  expect(cellText(new Date(2024, 2, 5, 10, 20, 30))).toBe('2024-03-05 10:20:30');
});

test('a cell of nothing or spaces only is empty', () => {
  expect(isEmptyCell('')).toBe(true);
  expect(isEmptyCell('   ')).toBe(true);
  expect(isEmptyCell('0')).toBe(false);
});
