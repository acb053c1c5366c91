/**
 * The engine's caps hold with concurrent senders: 40 leads queued at once for a rule whose first tier's department
 * takes 10 a day are distributed by two senders at the same time — on PostgreSQL a second process
 * (fixtures/distribution-worker.ts) beside this one, on PGlite (one process owns it) a second engine in this process.
 * Exactly 10 reach the capped department, the rest the second tier; no lead reaches a broker twice or is lost.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { runDueDistributions } from '../src/modules/distribution/queue.ts';
import { savedRulesRouter } from '../src/modules/distribution/rules.ts';
import { enqueueDistribution } from '../src/modules/leads/distributionQueue.ts';
import { createSendEngine } from '../src/modules/sending/engine/deps.ts';
import { httpCall } from '../src/net/httpCall.ts';
import { distributionFixture, type Desk } from './distributionFixture.ts';
import { testSecrets, testSecretsKey } from './helpers.ts';

const noConditions = { affiliate_company_ids: [], source_ids: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };
const cap = 10;
const total = 40;

describe('caps stay exact with two senders distributing at once', () => {
  let fx: Awaited<ReturnType<typeof distributionFixture>>;
  let capped: Desk;
  let overflow: Desk;

  before(async () => {
    fx = await distributionFixture();
    capped = await fx.desk();
    overflow = await fx.desk();
    await fx.setCaps(capped, [{ country: null, day: cap, week: null, month: null, total: null }]);
    const rule = await fx.call('POST', '/distribution/rules', {
      name: 'Capped first',
      is_enabled: true,
      ...noConditions,
      countries: ['DE'],
      tiers: [{ departments: [{ department_id: capped.id, weight: 1 }] }, { departments: [{ department_id: overflow.id, weight: 1 }] }],
    });
    assert.equal(rule.statusCode, 201, rule.body);
  });
  after(() => fx.close());

  const adminUrl = process.env['TEST_DATABASE_URL'];

  /** The second sender: another process on PostgreSQL; on PGlite another engine (its own limiters and breakers). */
  type Sender = { pass(): Promise<number>; stop(): Promise<number> };
  async function secondSender(): Promise<Sender> {
    if (!adminUrl) {
      const engine = createSendEngine({ db: fx.context.database.db, secrets: testSecrets, http: httpCall(3000) });
      let took = 0;
      return {
        pass: async () => (took += await runDueDistributions({ engine, router: savedRulesRouter }, ['pending'], { inFlight: 4 })),
        stop: () => Promise.resolve(took),
      };
    }
    const [{ name } = { name: '' }] = (await fx.context.database.db.execute<{ name: string }>(sql`select current_database() as name`)).rows;
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const script = fileURLToPath(new URL('./fixtures/distribution-worker.ts', import.meta.url));
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', script, url.toString()], {
      env: { ...process.env, SECRETS_KEY: testSecretsKey },
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    while (!output.includes('ready')) {
      assert.equal(child.exitCode, null, 'the second process exited early');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return {
      // It distributes on its own, all the time.
      pass: () => Promise.resolve(0),
      stop: async () => {
        child.stdin?.end();
        await once(child, 'exit');
        return Number(/took (\d+)/.exec(output)?.[1] ?? Number.NaN);
      },
    };
  }

  test(`${total} leads, a cap of ${cap}: exactly ${cap} at the capped department, each lead delivered once`, async () => {
    // The process is started before the leads are queued (it takes a while to start); on PGlite both engines claim
    // side by side (Promise.all), a few leads at a time.
    const second = await secondSender();
    const leads = await Promise.all(Array.from({ length: total }, () => fx.newLead({ country: 'DE' })));
    await fx.context.database.db.transaction((tx) =>
      enqueueDistribution(
        tx,
        leads.map((lead) => lead.id),
      ),
    );
    let tookHere = 0;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const [here] = await Promise.all([runDueDistributions({ engine: fx.context.engine, router: savedRulesRouter }, ['pending'], { inFlight: 4 }), second.pass()]);
      tookHere += here;
      const states = await Promise.all(leads.map((lead) => fx.stateOf(lead.id)));
      if (states.every((state) => state.state === 'delivered')) break;
      assert.ok(Date.now() < deadline, `not all delivered: ${JSON.stringify(states.map((state) => state.state))}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const tookThere = await second.stop();
    assert.ok(tookHere > 0 && tookThere > 0, `both senders took leads (here ${tookHere}, there ${tookThere})`);
    assert.equal(tookHere + tookThere, total, 'every lead taken once');

    assert.equal(capped.broker.received.length, cap, 'the capped department got exactly its cap');
    assert.equal(overflow.broker.received.length, total - cap, 'the rest went to the second tier');
    const emails = [...capped.broker.received, ...overflow.broker.received].map((lead) => lead.email);
    assert.equal(new Set(emails).size, total, 'no lead at a broker twice');
    assert.deepEqual(await fx.countersOf(capped.id), [cap], 'the counter stops at the cap');
  });
});
