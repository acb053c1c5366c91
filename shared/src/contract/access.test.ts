import { describeRule, isAllowed } from './access.ts';

test('a single permission is granted only when held', () => {
  expect(isAllowed(['lead.view'], 'lead.view')).toBe(true);
  expect(isAllowed(['lead.single.view'], 'lead.view')).toBe(false);
  expect(isAllowed([], 'lead.view')).toBe(false);
});

test('anyOf grants when one of them is held, and an empty anyOf grants nothing', () => {
  const rule = { anyOf: ['management.user.create', 'management.user.update'] } as const;
  expect(isAllowed(['management.user.update'], rule)).toBe(true);
  expect(isAllowed(['management.user.view'], rule)).toBe(false);
  expect(isAllowed(['management.user.view'], { anyOf: [] })).toBe(false);
  expect(describeRule(rule)).toBe('management.user.create | management.user.update');
});
