import { addLeadBodyOf, leadFormFieldOf, leadFormValuesOf, leadUpdateBodyOf } from '../components/form/leadFormValues.ts';
import { leadDetail } from '../../../testing/leadTestKit.tsx';

test('an add leaves empty fields out and trims the rest', () => {
  expect(addLeadBodyOf({ name: '  Ada ', email: '', country: undefined, phone: '030 1', source_id: 1, tag_ids: [], status_id: null })).toEqual({
    name: 'Ada',
    phone: '030 1',
    source_id: 1,
  });
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

test('dates are edited as days, flags and sub-statuses only sent when they change', () => {
  const lead = { ...leadDetail(5), deposit_exists: false, email_status: { id: 9, name: 'Valid', bg_color: '#52c41a', text_color: '#ffffff' } };
  const values = leadFormValuesOf(lead);
  expect(values.purchase_date).toBe('2024-03-06');
  expect(values.email_status_id).toBe(9);
  expect(leadUpdateBodyOf(values, lead)).toEqual({});
  expect(leadUpdateBodyOf({ ...values, deposit_exists: true, purchase_amount: '250.50', email_status_id: null, purchase_date: '2024-03-07' }, lead)).toEqual({
    deposit_exists: true,
    purchase_amount: '250.50',
    email_status_id: null,
    purchase_date: '2024-03-07',
  });
  expect(addLeadBodyOf({ email: 'a@b.co', is_fresh: false, card_digits: '4242' })).toEqual({ email: 'a@b.co', is_fresh: false, card_digits: '4242' });
});
