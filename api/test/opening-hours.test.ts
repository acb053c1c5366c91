/**
 * Working hours and cap periods in a department's zone (pure): windows within a day and across midnight, closed
 * dates, the next change, and both 2026 daylight-saving days in Europe/Berlin (29 Mar, 25 Oct) and America/New_York
 * (8 Mar, 1 Nov).
 */
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { isOpen, nextChange, type OpeningHours } from '../src/time/openingHours.ts';
import { periodStart } from '../src/time/periods.ts';

const at = (iso: string) => new Date(iso);
const iso = (date: Date | null) => date?.toISOString() ?? null;
const everyDay = (from: string, to: string) => [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, from, to }));
const berlin = (windows: OpeningHours['windows'], closed_dates: string[] = []): OpeningHours => ({ time_zone: 'Europe/Berlin', windows, closed_dates });
const newYork = (windows: OpeningHours['windows'], closed_dates: string[] = []): OpeningHours => ({ time_zone: 'America/New_York', windows, closed_dates });

describe('opening hours', () => {
  test('no windows: open around the clock, with no next change; closed dates still close whole local days', () => {
    const always = berlin([]);
    assert.equal(isOpen(always, at('2026-06-01T03:00:00Z')), true);
    assert.equal(nextChange(always, at('2026-06-01T03:00:00Z')), null);
    const holiday = berlin([], ['2026-12-24']);
    // 23:30 UTC on the 23rd is 00:30 on the 24th in Berlin (winter, +01:00).
    assert.equal(isOpen(holiday, at('2026-12-23T22:59:59Z')), true);
    assert.equal(isOpen(holiday, at('2026-12-23T23:30:00Z')), false);
    assert.equal(iso(nextChange(holiday, at('2026-12-20T12:00:00Z'))), '2026-12-23T23:00:00.000Z');
    assert.equal(iso(nextChange(holiday, at('2026-12-24T12:00:00Z'))), '2026-12-24T23:00:00.000Z');
  });

  test('a weekday window opens at its start and closes at its end, in the zone', () => {
    // Monday 1 June 2026, Berlin summer time (+02:00): 09:00–18:00 local is 07:00–16:00 UTC.
    const hours = berlin([{ weekday: 1, from: '09:00', to: '18:00' }]);
    assert.equal(isOpen(hours, at('2026-06-01T06:59:59Z')), false);
    assert.equal(isOpen(hours, at('2026-06-01T07:00:00Z')), true);
    assert.equal(isOpen(hours, at('2026-06-01T15:59:59Z')), true);
    assert.equal(isOpen(hours, at('2026-06-01T16:00:00Z')), false);
    assert.equal(isOpen(hours, at('2026-06-02T08:00:00Z')), false, 'Tuesday has no window');
    assert.equal(iso(nextChange(hours, at('2026-06-01T05:00:00Z'))), '2026-06-01T07:00:00.000Z');
    assert.equal(iso(nextChange(hours, at('2026-06-01T07:00:00Z'))), '2026-06-01T16:00:00.000Z');
    assert.equal(iso(nextChange(hours, at('2026-06-01T16:00:00Z'))), '2026-06-08T07:00:00.000Z', 'next Monday');
  });

  test('several windows a day; 24:00 closes at midnight; back-to-back windows do not change the state', () => {
    const hours = berlin([
      { weekday: 3, from: '08:00', to: '12:00' },
      { weekday: 3, from: '14:00', to: '24:00' },
      { weekday: 4, from: '00:00', to: '02:00' },
    ]);
    // Wednesday 3 June 2026.
    assert.equal(isOpen(hours, at('2026-06-03T11:00:00Z')), false, '13:00 local: the lunch gap');
    assert.equal(isOpen(hours, at('2026-06-03T21:59:00Z')), true, '23:59 local');
    assert.equal(iso(nextChange(hours, at('2026-06-03T11:00:00Z'))), '2026-06-03T12:00:00.000Z');
    assert.equal(iso(nextChange(hours, at('2026-06-03T20:00:00Z'))), '2026-06-04T00:00:00.000Z', 'open through midnight until 02:00 Thursday');
  });

  test('a window across midnight belongs to its weekday and runs into the next day', () => {
    // Friday 20:00 – 03:00: Friday 5 June 2026 20:00 Berlin to Saturday 03:00.
    const hours = berlin([{ weekday: 5, from: '20:00', to: '03:00' }]);
    assert.equal(isOpen(hours, at('2026-06-05T17:59:59Z')), false);
    assert.equal(isOpen(hours, at('2026-06-05T18:00:00Z')), true);
    assert.equal(isOpen(hours, at('2026-06-06T00:30:00Z')), true, 'Saturday 02:30');
    assert.equal(isOpen(hours, at('2026-06-06T01:00:00Z')), false, 'Saturday 03:00');
    assert.equal(isOpen(hours, at('2026-06-06T18:30:00Z')), false, 'Saturday evening: not its weekday');
    assert.equal(isOpen(hours, at('2026-06-04T23:30:00Z')), false, 'Friday 01:30: Thursday has no night shift');
    assert.equal(iso(nextChange(hours, at('2026-06-05T19:00:00Z'))), '2026-06-06T01:00:00.000Z');
  });

  test('a closed date closes the day and cancels the night shift that starts on it, not the one that ends on it', () => {
    const hours = berlin(everyDay('20:00', '03:00'), ['2026-12-24']);
    assert.equal(isOpen(hours, at('2026-12-23T23:30:00Z')), false, '00:30 on the 24th: closed all day');
    assert.equal(isOpen(hours, at('2026-12-24T20:00:00Z')), false, '21:00 on the 24th');
    assert.equal(isOpen(hours, at('2026-12-25T00:30:00Z')), false, "01:30 on the 25th: the 24th's shift does not open");
    assert.equal(isOpen(hours, at('2026-12-25T19:30:00Z')), true, "20:30 on the 25th: that day's shift");
    assert.equal(isOpen(hours, at('2026-12-22T23:30:00Z')), true, "00:30 on the 23rd: the 22nd's shift");
    assert.equal(iso(nextChange(hours, at('2026-12-23T22:00:00Z'))), '2026-12-23T23:00:00.000Z', 'the 23rd shift is cut at midnight');
    assert.equal(iso(nextChange(hours, at('2026-12-23T23:00:00Z'))), '2026-12-25T19:00:00.000Z');
  });

  test('Europe/Berlin, 29 March 2026: 02:00–03:00 does not exist; windows keep their wall-clock times', () => {
    const hours = berlin(everyDay('01:00', '04:00'));
    // 01:00 +01:00 = 00:00Z; clocks jump 02:00 → 03:00 at 01:00Z; 04:00 +02:00 = 02:00Z: open two real hours.
    assert.equal(iso(nextChange(hours, at('2026-03-28T23:30:00Z'))), '2026-03-29T00:00:00.000Z');
    assert.equal(iso(nextChange(hours, at('2026-03-29T00:00:00Z'))), '2026-03-29T02:00:00.000Z');
    const skipped = berlin([{ weekday: 7, from: '02:00', to: '03:00' }]);
    assert.equal(isOpen(skipped, at('2026-03-29T00:59:59Z')), false);
    assert.equal(isOpen(skipped, at('2026-03-29T01:00:00Z')), false, 'the window never happens that Sunday');
    assert.equal(iso(nextChange(skipped, at('2026-03-29T00:30:00Z'))), '2026-04-05T00:00:00.000Z', 'next Sunday, summer time');
    const morning = berlin(everyDay('09:00', '17:00'));
    assert.equal(isOpen(morning, at('2026-03-29T07:00:00Z')), true, '09:00 summer time');
    assert.equal(isOpen(morning, at('2026-03-28T07:59:59Z')), false, '08:59 winter time');
  });

  test('Europe/Berlin, 25 October 2026: 02:00–03:00 happens twice and is open both times', () => {
    const hours = berlin([{ weekday: 7, from: '02:00', to: '03:00' }]);
    // 02:00 +02:00 = 00:00Z … 03:00 +02:00 = 01:00Z becomes 02:00 +01:00; 03:00 +01:00 = 02:00Z.
    assert.equal(isOpen(hours, at('2026-10-24T23:59:59Z')), false);
    assert.equal(isOpen(hours, at('2026-10-25T00:30:00Z')), true, 'first 02:30');
    assert.equal(isOpen(hours, at('2026-10-25T01:30:00Z')), true, 'second 02:30');
    assert.equal(isOpen(hours, at('2026-10-25T02:00:00Z')), false);
    assert.equal(iso(nextChange(hours, at('2026-10-25T00:30:00Z'))), '2026-10-25T02:00:00.000Z', 'two real hours');
    const night = berlin(everyDay('22:00', '06:00'));
    assert.equal(iso(nextChange(night, at('2026-10-24T21:00:00Z'))), '2026-10-25T05:00:00.000Z', '06:00 +01:00 after a nine-hour night');
  });

  test('America/New_York, 8 March and 1 November 2026', () => {
    const hours = newYork(everyDay('09:00', '17:00'));
    // 8 March: 02:00 EST → 03:00 EDT. 09:00 EDT = 13:00Z (the day before, 09:00 EST = 14:00Z).
    assert.equal(isOpen(hours, at('2026-03-07T13:30:00Z')), false);
    assert.equal(isOpen(hours, at('2026-03-08T13:30:00Z')), true);
    assert.equal(iso(nextChange(hours, at('2026-03-08T05:00:00Z'))), '2026-03-08T13:00:00.000Z');
    // 1 November: 02:00 EDT → 01:00 EST. 17:00 EST = 22:00Z.
    assert.equal(iso(nextChange(hours, at('2026-11-01T15:00:00Z'))), '2026-11-01T22:00:00.000Z');
    assert.equal(isOpen(hours, at('2026-11-01T21:30:00Z')), true, '16:30 EST');
    const night = newYork([{ weekday: 6, from: '23:00', to: '02:30' }]);
    // Saturday 7 March 23:00 EST = 04:00Z; 02:30 on the 8th does not exist: closes when the clocks jump (07:00Z).
    assert.equal(isOpen(night, at('2026-03-08T06:59:59Z')), true);
    assert.equal(iso(nextChange(night, at('2026-03-08T05:00:00Z'))), '2026-03-08T07:00:00.000Z');
    // Saturday 31 October 23:00 EDT = 03:00Z; 02:30 EST on 1 November = 07:30Z: four and a half real hours.
    assert.equal(iso(nextChange(night, at('2026-11-01T04:00:00Z'))), '2026-11-01T07:30:00.000Z');
    assert.equal(isOpen(night, at('2026-11-01T06:30:00Z')), true, '01:30 EST, the second time');
  });
});

describe('cap periods', () => {
  test('day, week, month and total start at the local midnight of the zone', () => {
    // Wednesday 1 April 2026 00:30 in Berlin (+02:00) is 31 March 22:30Z.
    const moment = at('2026-03-31T22:30:00Z');
    assert.equal(iso(periodStart('day', moment, 'Europe/Berlin')), '2026-03-31T22:00:00.000Z');
    assert.equal(iso(periodStart('week', moment, 'Europe/Berlin')), '2026-03-29T22:00:00.000Z', 'Monday 30 March');
    assert.equal(iso(periodStart('month', moment, 'Europe/Berlin')), '2026-03-31T22:00:00.000Z', '1 April');
    assert.equal(iso(periodStart('day', moment, 'UTC')), '2026-03-31T00:00:00.000Z');
    assert.equal(iso(periodStart('month', moment, 'UTC')), '2026-03-01T00:00:00.000Z');
    assert.equal(iso(periodStart('total', moment, 'Europe/Berlin')), '1970-01-01T00:00:00.000Z');
  });

  test('on daylight-saving days the day starts at the local midnight of that day, and the week across the change', () => {
    // Monday 30 March 2026 10:00 Berlin: the week began Monday 00:00 +02:00; Sunday 29 March began at 00:00 +01:00.
    assert.equal(iso(periodStart('day', at('2026-03-29T20:00:00Z'), 'Europe/Berlin')), '2026-03-28T23:00:00.000Z');
    assert.equal(iso(periodStart('week', at('2026-03-29T20:00:00Z'), 'Europe/Berlin')), '2026-03-22T23:00:00.000Z');
    assert.equal(iso(periodStart('day', at('2026-10-25T20:00:00Z'), 'Europe/Berlin')), '2026-10-24T22:00:00.000Z');
    assert.equal(iso(periodStart('day', at('2026-03-08T20:00:00Z'), 'America/New_York')), '2026-03-08T05:00:00.000Z');
    assert.equal(iso(periodStart('day', at('2026-11-01T20:00:00Z'), 'America/New_York')), '2026-11-01T04:00:00.000Z');
    assert.equal(iso(periodStart('week', at('2026-11-03T20:00:00Z'), 'America/New_York')), '2026-11-02T05:00:00.000Z');
  });

  test('the pacing hour is the local clock hour, also in a half-hour zone', () => {
    assert.equal(iso(periodStart('hour', at('2026-06-01T10:47:12.345Z'), 'Europe/Berlin')), '2026-06-01T10:00:00.000Z');
    // India is +05:30: 10:47Z is 16:17 local, whose hour began 10:30Z.
    assert.equal(iso(periodStart('hour', at('2026-06-01T10:47:12.345Z'), 'Asia/Kolkata')), '2026-06-01T10:30:00.000Z');
  });
});
