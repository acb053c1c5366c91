import { brokerDepartmentLabel, brokerLabel } from './optionLabels.ts';

test('a broker is labelled by its name when it has no affiliate companies', () => {
  expect(brokerLabel({ name: 'Acme', affiliate_companies: [] })).toBe('Acme');
});

test('a broker with affiliate companies is labelled name - companies joined by commas', () => {
  expect(
    brokerLabel({
      name: 'Acme',
      affiliate_companies: [
        { id: 1, name: 'North' },
        { id: 2, name: 'South' },
      ],
    }),
  ).toBe('Acme - North, South');
});

test('a department is labelled by its broker label and its branch name', () => {
  const broker = { id: 9, name: 'Acme', affiliate_companies: [{ id: 1, name: 'North' }] };
  expect(brokerDepartmentLabel({ branch_name: 'Berlin', broker_id: broker })).toBe('Acme - North - Berlin');
  expect(brokerDepartmentLabel({ branch_name: 'Paris', broker_id: { ...broker, affiliate_companies: [] } })).toBe('Acme - Paris');
});
