/** The dashboard's local days and its percentage change, without a database (the statistics: dashboard.test.ts). */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { startOfDayInZone } from '../src/time/zones.ts';
import { percentageChange } from '../src/modules/dashboard/service.ts';

describe('local days', () => {
  test('a day starts at local midnight, also across a daylight-saving change (a 25-hour day)', () => {
    assert.equal(startOfDayInZone('2025-10-26', 'Europe/Berlin').toISOString(), '2025-10-25T22:00:00.000Z');
    assert.equal(startOfDayInZone('2025-10-27', 'Europe/Berlin').toISOString(), '2025-10-26T23:00:00.000Z');
    assert.equal(startOfDayInZone('2025-05-21', 'Asia/Kolkata').toISOString(), '2025-05-20T18:30:00.000Z');
    assert.equal(startOfDayInZone('2025-05-21', '-03:00').toISOString(), '2025-05-21T03:00:00.000Z');
  });

  test('where the clocks skip midnight, the day starts at the first second they show', () => {
    // Chile moves from 00:00 to 01:00 on the first Sunday of September.
    assert.equal(startOfDayInZone('2026-09-06', 'America/Santiago').toISOString(), '2026-09-06T04:00:00.000Z');
    assert.equal(startOfDayInZone('2026-09-05', 'America/Santiago').toISOString(), '2026-09-05T04:00:00.000Z');
  });

  test('the percentage change has one decimal, is 100 from nothing and 0 from nothing to nothing', () => {
    assert.equal(percentageChange(8, 3), 166.7);
    assert.equal(percentageChange(1, 3), -66.7);
    assert.equal(percentageChange(0, 5), -100);
    assert.equal(percentageChange(3, 3), 0);
    assert.equal(percentageChange(2, 0), 100);
    assert.equal(percentageChange(0, 0), 0);
  });
});
