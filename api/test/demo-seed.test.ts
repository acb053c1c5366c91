import { randomBytes } from 'node:crypto';
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { openDatabase, type Database } from '../src/db/database.ts';
import { runMigrations } from '../src/db/migrate.ts';
import * as tables from '../src/db/schema/index.ts';
import { countryProfiles, createRandom, MissingReferenceDataError, seedDemoData } from '../src/seed/demo/index.ts';
import { integrationRuleErrors, mergedIntegration } from '../src/modules/sending/integrations/rules.ts';
import { SecretBox } from '../src/modules/sending/secrets.ts';

let database: Database;
const secrets = new SecretBox(randomBytes(32));

before(async () => {
  database = await openDatabase({});
  await runMigrations(database.db);
});

after(async () => {
  await database.close();
});

async function count(query: string): Promise<number> {
  const result = await database.pool.query<{ count: number }>(query);
  return result.rows[0]?.count ?? -1;
}

test('refuses to run before the reference data is seeded', async () => {
  await assert.rejects(seedDemoData(database, { leads: 10, secrets }), MissingReferenceDataError);
  assert.equal(await count('select count(*) as count from leads'), 0);
});

test('seeds 2,000 leads with unique emails and ids, valid phones and an intake history each', async () => {
  await database.db.insert(tables.statuses).values([
    { name: 'New', class: 'lead' },
    { name: 'Call back', class: 'lead' },
    { name: 'Not interested', class: 'lead' },
    { name: 'Valid', class: 'email' },
    { name: 'Reachable', class: 'phone' },
  ]);
  await database.db.insert(tables.countries).values([
    { name: 'United States', country_code: '840', iso_3166_2: 'US', iso_3166_3: 'USA', calling_code: '1', flag: '🇺🇸' },
    { name: 'United Kingdom', country_code: '826', iso_3166_2: 'GB', iso_3166_3: 'GBR', calling_code: '44', flag: '🇬🇧' },
    { name: 'Germany', country_code: '276', iso_3166_2: 'DE', iso_3166_3: 'DEU', calling_code: '49', flag: '🇩🇪' },
    { name: 'Brazil', country_code: '076', iso_3166_2: 'BR', iso_3166_3: 'BRA', calling_code: '55', flag: '🇧🇷' },
  ]);

  const report = await seedDemoData(database, { leads: 2000, seed: 7, batchSize: 700, secrets });

  assert.equal(report.counts.leads, 2000);
  assert.equal(await count('select count(*) as count from leads'), 2000);
  assert.equal(await count('select count(distinct email) as count from leads'), 2000);
  assert.equal(await count('select count(distinct lead_id) as count from leads'), 2000);
  assert.equal(await count(`select count(*) as count from leads where email <> lower(email)`), 0);
  assert.equal(await count(`select count(*) as count from leads where country not in ('US', 'GB', 'DE', 'BR')`), 0);
  assert.equal(await count(`select count(distinct lead_id) as count from lead_status_histories where cause = 'intake'`), 2000);
  assert.equal(await count(`select count(*) as count from lead_status_histories where cause = 'intake'`), 2000);
  assert.ok(report.counts.lead_status_histories > 2000, 'some leads also have a user status change');
  assert.ok(report.counts.lead_send_histories > 400, 'about 30% of leads were sent');
  assert.ok(report.counts.lead_broker_histories > 0);
  assert.ok(report.counts.lead_tags > 0);
  assert.equal(report.counts.brokers, 8);
  assert.equal(report.counts.export_settings, 1, 'an export setting offered to everyone');
  assert.equal(report.counts.blacklist, 2, 'a domain and a network on the black list');
  // Refused by the console's own checks: one failed lead per hundred leads, the three kinds in turn.
  assert.equal(report.counts.failed_leads, 20);
  const failed = await database.pool.query<{ reason_code: string; message: string; email: string }>("select reason_code, message, raw->>'email' as email from failed_leads order by id");
  assert.deepEqual(new Set(failed.rows.map((row) => row.reason_code)), new Set(['INVALID', 'BLACKLISTED', 'DUPLICATE']));
  for (const row of failed.rows) {
    const expected = { INVALID: /valid email/i, BLACKLISTED: /blacklisted/i, DUPLICATE: /already/i }[row.reason_code];
    assert.match(row.message, expected ?? /^$/, `${row.reason_code}: ${row.message}`);
  }
  assert.equal(await count(`select count(*) as count from failed_leads where created_at < now() - interval '14 days' or created_at > now()`), 0, 'refused within the last fortnight');
  assert.equal(
    await count("select count(*) as count from leads where email in (select raw->>'email' from failed_leads)"),
    6,
    'each of the six duplicates (every third) is a copy of one lead; nothing refused was added',
  );
  assert.equal(report.counts.send_integrations, report.counts.broker_departments);
  assert.equal(await count('select count(*) as count from broker_departments where send_integration_id is null'), 0, 'every department sends through an integration');

  const integrations = await database.db.select().from(tables.sendIntegrations);
  for (const integration of integrations) {
    assert.deepEqual(integrationRuleErrors(mergedIntegration(integration, null)), {}, `${integration.name} has what its auth and response types need`);
    for (const sealed of [integration.password, integration.api_token, integration.api_key, integration.push_api_key, integration.pull_api_key]) {
      if (sealed !== null) assert.match(secrets.open(sealed), /^demo:/, `${integration.name}: a secret is sealed with the seed's key`);
    }
  }

  const sample = await database.pool.query<{ phone: string; phone_prefix: string; country: string }>('select phone, phone_prefix, country from leads order by id limit 500');
  for (const lead of sample.rows) {
    const parsed = parsePhoneNumberFromString(lead.phone);
    if (!parsed) assert.fail(`${lead.phone} does not parse`);
    assert.ok(parsed.isValid(), `${lead.phone} is a valid number`);
    assert.equal(parsed.number, lead.phone, 'stored as E.164');
    assert.equal(parsed.country, lead.country, `${lead.phone} belongs to ${lead.country}`);
    assert.equal(parsed.countryCallingCode, lead.phone_prefix);
  }
});

test('every country profile yields valid mobile numbers', () => {
  const random = createRandom(3);
  for (const profile of countryProfiles) {
    for (const prefix of profile.mobilePrefixes) {
      for (let attempt = 0; attempt < 20; attempt++) {
        let national = prefix;
        while (national.length < profile.nationalLength) national += String(random.int(10));
        const parsed = parsePhoneNumberFromString(`+${profile.callingCode}${national}`);
        assert.ok(parsed?.isValid() && parsed.country === profile.iso2, `+${profile.callingCode}${national} is valid for ${profile.iso2}`);
      }
    }
  }
});

test('running it again adds leads without colliding and reuses the reference rows', async () => {
  const report = await seedDemoData(database, { leads: 2000, seed: 7, secrets });

  assert.equal(report.counts.leads, 2000);
  assert.equal(report.counts.brokers, 0);
  assert.equal(report.counts.sources, 0);
  assert.equal(report.counts.send_integrations, 0);
  assert.equal(await count('select count(*) as count from leads'), 4000);
  assert.equal(await count('select count(distinct lead_id) as count from leads'), 4000);
  assert.equal(await count('select count(distinct email) as count from leads'), 4000);
  assert.equal(await count('select count(*) as count from brokers'), 8);
  assert.equal(await count(`select count(*) as count from lead_status_histories where cause = 'intake'`), 4000);
  assert.equal(report.counts.blacklist, 0);
  assert.equal(report.counts.failed_leads, 20);
});
