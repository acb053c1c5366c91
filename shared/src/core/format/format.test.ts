import { badgeText, cutText, listQuery, storageUrl } from './format.ts';
import { i18n } from '../i18n/i18n.ts';
import { formatDate, notificationTimeFormat } from '../../ui/format/dates.ts';

describe('formatDate', () => {
  test('shows a date as MMM DD, YYYY in local time', () => {
    expect(formatDate('2024-03-05T23:10:00')).toBe('Mar 05, 2024');
  });

  test('shows a datetime as MMM DD, YYYY HH:mm:ss and a notification time as MMM DD, YYYY HH:mm', () => {
    expect(formatDate('2024-11-21T07:08:09', 'MMM DD, YYYY HH:mm:ss')).toBe('Nov 21, 2024 07:08:09');
    expect(formatDate('2024-11-21T17:08:09', notificationTimeFormat)).toBe('Nov 21, 2024 17:08');
  });

  test("names the month in the console's language, and again in English when it switches back", async () => {
    try {
      await i18n.changeLanguage('de');
      expect(formatDate('2024-03-05T23:10:00')).toBe('März 05, 2024');
    } finally {
      await i18n.changeLanguage('en');
    }
    expect(formatDate('2024-03-05T23:10:00')).toBe('Mar 05, 2024');
  });

  test('converts a UTC timestamp to local time', () => {
    const utc = '2024-03-05T12:00:00Z';
    const local = new Date(utc);
    const expected = `${local.getHours().toString().padStart(2, '0')}:${local.getMinutes().toString().padStart(2, '0')}`;
    expect(formatDate(utc, 'HH:mm')).toBe(expected);
  });

  test('gives null for an empty or invalid value, so the caller shows not_set', () => {
    // moment warns (once) that it falls back to Date for a string that is not ISO 8601
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(formatDate(null)).toBeNull();
    expect(formatDate(undefined)).toBeNull();
    expect(formatDate('')).toBeNull();
    expect(formatDate('not a date')).toBeNull();
  });
});

describe('cutText', () => {
  test('cuts text over 30 characters to 30 plus an ellipsis and keeps the full text', () => {
    const long = 'abcdefghijklmnopqrstuvwxyz0123456789';
    expect(cutText(long)).toEqual({ text: 'abcdefghijklmnopqrstuvwxyz0123...', full: long });
  });

  test('leaves text of 30 characters or fewer alone', () => {
    const thirty = 'x'.repeat(30);
    expect(cutText(thirty)).toEqual({ text: thirty, full: null });
    expect(cutText('short')).toEqual({ text: 'short', full: null });
  });
});

describe('badgeText', () => {
  test('shows 99+ when more than 99 unread', () => {
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(5_000)).toBe('99+');
  });

  test('shows the total up to 99', () => {
    expect(badgeText(99)).toBe('99');
    expect(badgeText(1)).toBe('1');
  });
});

describe('storageUrl', () => {
  test('points a /storage/ path at the origin of the api host', () => {
    expect(storageUrl('/storage/exports/leads.xlsx', 'https://api.crm.example.com/api')).toBe('https://api.crm.example.com/storage/exports/leads.xlsx');
    expect(storageUrl('/storage/a.png', 'http://localhost:4000/api')).toBe('http://localhost:4000/storage/a.png');
  });

  test('leaves other paths and full URLs alone', () => {
    expect(storageUrl('https://cdn.example.com/a.png', 'https://api.crm.example.com/api')).toBe('https://cdn.example.com/a.png');
    expect(storageUrl('/images/logo.svg', 'https://api.crm.example.com/api')).toBe('/images/logo.svg');
  });
});

describe('listQuery', () => {
  test('builds the query from the listed keys that have a value, arrays as key[]', () => {
    const query = listQuery({ search: 'ada smith', status_id: [3, 4], page: 2, country: '', broker: null, ignored: 'x' }, ['search', 'status_id', 'page', 'country', 'broker', 'missing']);

    expect(query).toBe('?search=ada+smith&status_id%5B%5D=3&status_id%5B%5D=4&page=2');
    expect(new URLSearchParams(query).getAll('status_id[]')).toEqual(['3', '4']);
  });

  test('is empty when no filter has a value', () => {
    expect(listQuery({ search: '' }, ['search'])).toBe('');
    expect(listQuery({}, [])).toBe('');
  });

  test('keeps false and zero, which are values', () => {
    expect(listQuery({ is_sender: false, page: 0 }, ['is_sender', 'page'])).toBe('?is_sender=false&page=0');
  });
});
