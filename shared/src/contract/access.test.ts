import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeRule, isAllowed } from './access.ts';

test('a single permission is granted only when held', () => {
  assert.equal(isAllowed(['lead.view'], 'lead.view'), true);
  assert.equal(isAllowed(['lead.single.view'], 'lead.view'), false);
  assert.equal(isAllowed([], 'lead.view'), false);
});

test('anyOf grants when one of them is held, and an empty anyOf grants nothing', () => {
  const rule = { anyOf: ['management.user.create', 'management.user.update'] } as const;
  assert.equal(isAllowed(['management.user.update'], rule), true);
  assert.equal(isAllowed(['management.user.view'], rule), false);
  assert.equal(isAllowed(['management.user.view'], { anyOf: [] }), false);
  assert.equal(describeRule(rule), 'management.user.create | management.user.update');
});
