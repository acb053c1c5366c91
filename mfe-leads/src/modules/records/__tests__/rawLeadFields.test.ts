import { idByName, mapRaw, normalizeKey, retryBodyOf } from '../failed/rawLeadFields.ts';

test('maps the known raw keys whatever their spelling, and keeps the rest aside in their order', () => {
  const mapping = mapRaw({
    'First Name': 'Ann',
    last_name: 'Lee',
    'E-mail': 'ann@example.com',
    email: 'second@example.com',
    'Phone Number': 4915112345678,
    Country: 'de',
    source: 'Alpha Ads',
    status: 'New',
    campaign: 'spring',
    extra: { nested: true },
  });

  expect(mapping.values).toEqual({ name: 'Ann', surname: 'Lee', email: 'ann@example.com', phone: '4915112345678', country: 'de' });
  expect(mapping.sourceName).toBe('Alpha Ads');
  expect(mapping.statusName).toBe('New');
  expect(mapping.unmapped).toEqual([
    ['email', 'second@example.com'],
    ['campaign', 'spring'],
    ['extra', '{"nested":true}'],
  ]);
});

test('takes ids given as numbers, numeric strings or objects', () => {
  expect(mapRaw({ source_id: '3', status: { id: 9, name: 'Called' } }).values).toEqual({ source_id: 3, status_id: 9 });
});

test('normalizes keys and matches option names without case', () => {
  expect(normalizeKey('  Phone Number ')).toBe('phone_number');
  expect(idByName([{ id: 4, name: 'Alpha Ads' }], 'alpha ads')).toBe(4);
  expect(idByName([{ id: 4, name: 'Alpha Ads' }], undefined)).toBeUndefined();
});

test('the retry body trims text and sends an emptied field as null', () => {
  expect(retryBodyOf({ name: ' Ann ', email: '', phone: '+49 151', source_id: 2 })).toEqual({ name: 'Ann', email: null, phone: '+49 151', source_id: 2 });
});
