import { leadFieldCatalogue, leadFieldInputs, leadFieldNames, orderedLeadFields } from './leadFields.ts';
import { leadFields } from './leads.ts';
import { importableLeadFields } from './leadTransfer.ts';

test('the add and edit bodies take the editable fields of the catalogue, in its order', () => {
  expect(Object.keys(leadFields)).toEqual(leadFieldInputs('editable'));
});

test('names each field once, and every importable field is one staff may edit', () => {
  const names = leadFieldCatalogue.map((entry) => entry.name);
  expect(new Set(names).size).toBe(names.length);
  expect(importableLeadFields.filter((field) => !leadFieldNames('editable').some((editable) => editable === field))).toEqual([]);
});

test('an order that lists a field twice is refused', () => {
  expect(() => orderedLeadFields(leadFieldNames('editable', ['flag']), ['is_fresh', 'deposit_exists', 'is_fresh'])).toThrow(/lists one twice/);
});
