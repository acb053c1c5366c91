import { durationMissing, ruleBodyOf, sameStatuses } from '../statusRules/ruleValidation.ts';

test('two equal statuses are refused, two different ones or a missing one are not', () => {
  expect(sameStatuses({ condition_status_id: 1, last_status_id: 1 })).toBe(true);
  expect(sameStatuses({ condition_status_id: 1, last_status_id: 2 })).toBe(false);
  expect(sameStatuses({ last_status_id: 2 })).toBe(false);
});

test('the duration is at least a day unless the duration is ignored', () => {
  expect(durationMissing({ duration_day: null })).toBe(true);
  expect(durationMissing({ duration_day: 0 })).toBe(true);
  expect(durationMissing({ duration_day: 1 })).toBe(false);
  expect(durationMissing({ duration_day: null, ignore_duration: true })).toBe(false);
});

test('an ignored, empty duration is sent as 0', () => {
  expect(ruleBodyOf({ condition_status_id: 1, last_status_id: 2, duration_day: null, ignore_duration: true })).toEqual({
    condition_status_id: 1,
    last_status_id: 2,
    duration_day: 0,
    ignore_duration: true,
  });
});
