/** The process's memo of counters found full (distribution/fullCounters.ts): what it passes over, and for how long. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FullCounters, type CounterSettings } from '../src/modules/distribution/fullCounters.ts';

const dayCap = (country: string, cap: number): CounterSettings => ({ caps: [{ period: 'day', country, cap }], limits: { pacing_per_hour: null } });
const refused = { code: 'CAP_REACHED', detail: 'cap DE 5/5 today (UTC)' } as const;

test('a refusal stands for its department and country, for a second of both clocks, while the settings stay', async () => {
  const full = new FullCounters();
  const at = new Date('2026-03-02T10:00:00Z');
  const settings = dayCap('DE', 5);
  full.note(7, 'DE', refused, at, settings);
  assert.deepEqual(full.verdictFor(7, 'DE', at, settings), refused);
  assert.equal(full.verdictFor(7, 'AT', at, settings), null, 'a DE cap does not hold an AT lead');
  assert.equal(full.verdictFor(8, 'DE', at, settings), null, 'nor another department');
  assert.equal(full.verdictFor(7, 'DE', at, dayCap('DE', 6)), null, 'a raised cap voids it');
  assert.equal(full.verdictFor(7, 'DE', new Date(at.getTime() + 86_400_000), settings), null, "the engine's clock moved on (tests)");

  full.note(7, '', { code: 'PACING_REACHED', detail: 'pacing 3/3 this hour (UTC)' }, at, settings);
  assert.equal(full.verdictFor(7, 'FR', at, settings)?.code, 'PACING_REACHED', 'an all-countries counter holds every lead');
  full.forget([7]);
  assert.equal(full.verdictFor(7, 'FR', at, settings), null, 'a slot given back forgets the department');

  full.note(9, 'DE', refused, new Date(), settings);
  await new Promise((resolve) => setTimeout(resolve, 1_050));
  assert.equal(full.verdictFor(9, 'DE', new Date(), settings), null, 'gone after a second');
});
