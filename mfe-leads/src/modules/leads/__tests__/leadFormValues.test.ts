import { leadCreateBodyOf, leadFormFieldOf, leadFormValuesOf, leadUpdateBodyOf } from '../components/form/leadFormValues.ts';
import { leadDetail } from './leadTestKit.tsx';

test('an add leaves empty fields out and trims the rest', () => {
  expect(leadCreateBodyOf({ name: '  Ada ', email: '', country: undefined, phone: '030 1', source_id: 1, tag_ids: [], status_id: null })).toEqual({ name: 'Ada', phone: '030 1', source_id: 1 });
});

test('an edit sends only the changed fields, a cleared one as null, and tags only when the set changed', () => {
  const lead = leadDetail(5);
  const unchanged = leadFormValuesOf(lead);
  expect(leadUpdateBodyOf({ ...unchanged, tag_ids: [...(unchanged.tag_ids ?? [])].reverse() }, lead)).toEqual({});
  expect(leadUpdateBodyOf({ ...unchanged, city: '  ', affiliate_company_id: null, tag_ids: [4, 5] }, lead)).toEqual({ city: null, affiliate_company_id: null, tag_ids: [4, 5] });
});

test('server field names find their form field', () => {
  expect(leadFormFieldOf('tag_ids.1')).toBe('tag_ids');
  expect(leadFormFieldOf('phone_normalized')).toBe('phone');
  expect(leadFormFieldOf('email')).toBe('email');
  expect(leadFormFieldOf('lead_id')).toBeUndefined();
});
