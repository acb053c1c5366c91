import { columnLetters } from '@crm/shared';
import { mapColumn, mappedColumns, mapsContact } from '../mapping/columnMapping.ts';
import { fieldForHeader, normalizeHeader, suggestMapping } from '../mapping/suggestMapping.ts';

test('suggests fields from usual header names', () => {
  expect(fieldForHeader('E-mail')).toBe('email');
  expect(fieldForHeader('email')).toBe('email');
  expect(fieldForHeader('Phone number')).toBe('phone');
  expect(fieldForHeader('First name')).toBe('name');
  expect(fieldForHeader('Last name')).toBe('surname');
  expect(fieldForHeader('Country')).toBe('country');
  expect(fieldForHeader(' Date of Birth ')).toBe('date_of_birth');
  expect(fieldForHeader('alt_email')).toBe('alt_email');
  expect(fieldForHeader('Straße')).toBe('address');
  expect(fieldForHeader('Favourite colour')).toBeNull();
  expect(normalizeHeader('Téléphone')).toBe('telephone');
});

test('suggests each field for its first column only and leaves unknown columns unmapped', () => {
  const header = ['First name', 'Last name', 'E-mail', 'Email', 'Phone number', 'Notes?', 'Colour'];
  expect(suggestMapping(header, columnLetters(header.length))).toEqual({ A: 'name', B: 'surname', C: 'email', E: 'phone', F: 'comment' });
});

test('a field chosen for a second column moves there', () => {
  const mapping = mapColumn({ A: 'email', B: 'phone' }, 'C', 'email');
  expect(mapping).toEqual({ B: 'phone', C: 'email' });
  expect(mapColumn(mapping, 'B', null)).toEqual({ C: 'email' });
});

test('needs an email or a phone column', () => {
  expect(mapsContact({ A: 'name' })).toBe(false);
  expect(mapsContact({ A: 'name', B: 'phone' })).toBe(true);
  expect(mapsContact({})).toBe(false);
});

test('sends mapped columns only, in letter order', () => {
  expect(Object.keys(mappedColumns({ AB: 'city', B: 'email', A: undefined, Z: 'name' }))).toEqual(['B', 'Z', 'AB']);
});
