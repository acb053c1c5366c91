/**
 * Distribution rules over HTTP (CRUD, 422 per field, permissions, order: move and put) and the matching the engine
 * calls (`matchingRule`): first enabled match wins, disabled rules skipped, every condition kind, empty tiers dropped.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { eq } from 'drizzle-orm';
import type { DistributionRuleItem } from '@crm/shared/contract';
import * as tables from '../src/db/schema/index.ts';
import type { RoutingTier } from '../src/modules/distribution/routing.ts';
import { anyEnabledRule, firstMatch, loadRules, matchingRule, ruleMatches, type RoutableLead, type RoutingRule, type RuleConditions } from '../src/modules/distribution/rules.ts';
import { bearer, createTestContext, type TestContext } from './helpers.ts';

type Reply = { statusCode: number; body: string; json: () => unknown };

const noLead: RoutableLead = { affiliate_company_id: null, source_id: null, country: null, language: null, funnel: null, sub1: null, sub2: null, sub3: null, sub4: null, sub5: null };
const anyLead: RuleConditions = { affiliate_company_ids: [], source_ids: [], countries: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };

describe('distribution rules', () => {
  let context: TestContext;
  const departments: number[] = [];
  let companyId: number;
  let sourceId: number;

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, token = context.adminToken): Promise<Reply> =>
    context.app.inject({ method, url: `/api/distribution/rules${url}`, headers: bearer(token), ...(payload === undefined ? {} : { payload: payload as object }) });
  const dataOf = <T>(response: Reply, status = 200): T => {
    assert.equal(response.statusCode, status, response.body);
    return (response.json() as { data: T }).data;
  };
  const errorsOf = (response: Reply): Record<string, string[]> => {
    assert.equal(response.statusCode, 422, response.body);
    return (response.json() as { errors: Record<string, string[]> }).errors;
  };
  const tier = (...entries: [number, number][]) => ({ departments: entries.map(([index, weight]) => ({ department_id: departments[index]!, weight })) });
  const ruleBody = (name: string, conditions: Partial<typeof anyLead> = {}, tiers = [tier([0, 1])], is_enabled = true) => ({ name, is_enabled, ...anyLead, ...conditions, tiers });
  const create = async (body: object) => dataOf<DistributionRuleItem>(await call('POST', '', body), 201);
  const names = async () => dataOf<DistributionRuleItem[]>(await call('GET', '')).map((rule) => `${rule.position}:${rule.name}`);
  const clear = () => context.database.db.delete(tables.distributionRules);

  before(async () => {
    context = await createTestContext();
    const { db } = context.database;
    const [broker] = await db.insert(tables.brokers).values({ name: 'Rules Broker' }).returning({ id: tables.brokers.id });
    for (const branch of ['A', 'B', 'C']) {
      const [row] = await db.insert(tables.brokerDepartments).values({ broker_id: broker!.id, branch_name: branch }).returning({ id: tables.brokerDepartments.id });
      departments.push(row!.id);
    }
    const [company] = await db.insert(tables.affiliateCompanies).values({ name: 'Rules Co' }).returning({ id: tables.affiliateCompanies.id });
    companyId = company!.id;
    const [source] = await db.insert(tables.sources).values({ name: 'Rules Source' }).returning({ id: tables.sources.id });
    sourceId = source!.id;
  });
  after(() => context.close());

  test('create, get, replace, enable and delete a rule; tiers keep their order, percentages per tier', async () => {
    await clear();
    const created = await create(ruleBody('DE traffic', { countries: ['DE'], languages: ['de'] }, [tier([1, 30], [0, 70]), tier([2, 5])]));
    assert.equal(created.position, 1);
    assert.deepEqual(created.countries, ['DE']);
    assert.deepEqual(
      created.tiers.map((entry) => entry.departments.map((department) => `${department.branch_name}=${department.weight}:${department.percentage}%`)),
      [['A=70:70%', 'B=30:30%'], ['C=5:100%']],
    );
    assert.deepEqual(dataOf(await call('GET', `/${created.id}`)), created);

    const replaced = dataOf<DistributionRuleItem>(await call('PUT', `/${created.id}`, ruleBody('DE only', { countries: ['DE', 'AT'], funnels: ['crypto'] }, [tier([2, 1])], false)));
    assert.equal(replaced.name, 'DE only');
    assert.equal(replaced.is_enabled, false);
    assert.deepEqual(replaced.funnels, ['crypto']);
    assert.deepEqual(
      replaced.tiers.map((entry) => entry.departments.map((department) => department.department_id)),
      [[departments[2]]],
    );
    assert.equal(dataOf<DistributionRuleItem>(await call('PUT', `/${created.id}/enabled`, { is_enabled: true })).is_enabled, true);

    assert.equal((await call('DELETE', `/${created.id}`)).statusCode, 200);
    assert.equal((await call('GET', `/${created.id}`)).statusCode, 404);
    assert.equal((await call('PUT', `/${created.id}`, ruleBody('gone'))).statusCode, 404);
    assert.equal((await call('PUT', `/${created.id}/enabled`, { is_enabled: false })).statusCode, 404);
    assert.equal((await call('DELETE', `/${created.id}`)).statusCode, 404);
    assert.equal((await context.database.db.select().from(tables.distributionRuleDepartments).where(eq(tables.distributionRuleDepartments.rule_id, created.id))).length, 0);
  });

  test('422 per field: unknown companies, sources, countries and departments, bad codes, weights, empty tiers, a department twice', async () => {
    await clear();
    const shapeErrors = errorsOf(
      await call('POST', '', {
        ...ruleBody(' '),
        countries: ['de', 'DE', 'DE'],
        languages: ['German'],
        sub1: [''],
        tiers: [
          { departments: [] },
          {
            departments: [
              { department_id: departments[0], weight: 0 },
              { department_id: 0, weight: 1.5 },
            ],
          },
        ],
      }),
    );
    assert.deepEqual(Object.keys(shapeErrors).sort(), [
      'countries.0',
      'countries.2',
      'languages.0',
      'name',
      'sub1.0',
      'tiers.0.departments',
      'tiers.1.departments.0.weight',
      'tiers.1.departments.1.department_id',
      'tiers.1.departments.1.weight',
    ]);
    assert.deepEqual(shapeErrors['tiers.1.departments.1.department_id'], ['Choose a department.']);
    assert.match(shapeErrors['tiers.0.departments']![0]!, /at least one department/);
    const twice = errorsOf(await call('POST', '', ruleBody('twice', {}, [tier([0, 1], [1, 1]), tier([2, 1], [0, 4])])));
    assert.deepEqual(twice, { 'tiers.1.departments.1.department_id': ['This department is already in the rule.'] });
    assert.match(errorsOf(await call('POST', '', { ...ruleBody('no tiers'), tiers: [] }))['tiers']![0]!, /at least one tier/);

    const referenceErrors = errorsOf(
      await call(
        'POST',
        '',
        ruleBody('unknown', { affiliate_company_ids: [companyId, 999_999], source_ids: [999_998], countries: ['DE', 'QQ'] }, [
          tier([0, 1]),
          { departments: [{ department_id: 999_997, weight: 1 }] },
        ]),
      ),
    );
    assert.deepEqual(referenceErrors, {
      'affiliate_company_ids.1': ['The selected affiliate company does not exist.'],
      'source_ids.0': ['The selected source does not exist.'],
      'countries.1': ['The country QQ does not exist.'],
      'tiers.1.departments.0.department_id': ['The selected department does not exist.'],
    });
    assert.deepEqual(await names(), [], 'refused writes changed nothing');
  });

  test('order: new rules go last, move to a position, put the whole order, delete closes the gap', async () => {
    await clear();
    const [a, b, c, d] = [await create(ruleBody('a')), await create(ruleBody('b')), await create(ruleBody('c')), await create(ruleBody('d'))];
    assert.deepEqual(await names(), ['1:a', '2:b', '3:c', '4:d']);
    assert.deepEqual(
      dataOf<DistributionRuleItem[]>(await call('PUT', `/${d!.id}/position`, { position: 1 })).map((rule) => rule.name),
      ['d', 'a', 'b', 'c'],
    );
    dataOf(await call('PUT', `/${d!.id}/position`, { position: 99 }));
    assert.deepEqual(await names(), ['1:a', '2:b', '3:c', '4:d']);
    dataOf(await call('PUT', `/${a!.id}/position`, { position: 3 }));
    assert.deepEqual(await names(), ['1:b', '2:c', '3:a', '4:d']);
    dataOf(await call('PUT', '/order', { ids: [c!.id, d!.id, b!.id, a!.id] }));
    assert.deepEqual(await names(), ['1:c', '2:d', '3:b', '4:a']);
    assert.deepEqual(Object.keys(errorsOf(await call('PUT', '/order', { ids: [c!.id, d!.id, b!.id] }))), ['ids']);
    assert.deepEqual(Object.keys(errorsOf(await call('PUT', '/order', { ids: [c!.id, d!.id, b!.id, 999_999] }))), ['ids.3']);
    assert.deepEqual(Object.keys(errorsOf(await call('PUT', '/order', { ids: [c!.id, c!.id, b!.id, a!.id] }))), ['ids.1']);
    assert.equal((await call('PUT', '/999999/position', { position: 1 })).statusCode, 404);
    assert.equal((await call('DELETE', `/${d!.id}`)).statusCode, 200);
    assert.deepEqual(await names(), ['1:c', '2:b', '3:a']);
  });

  test('permissions: view, create, update and delete each needed; 401 without a token', async () => {
    await clear();
    const rule = await create(ruleBody('guarded'));
    const viewer = await context.userWith(['distribution.rule.view'], 'Rule viewer');
    assert.equal((await call('GET', '', undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('GET', `/${rule.id}`, undefined, viewer.token)).statusCode, 200);
    assert.equal((await call('POST', '', ruleBody('x'), viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', `/${rule.id}`, ruleBody('x'), viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', `/${rule.id}/enabled`, { is_enabled: false }, viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', `/${rule.id}/position`, { position: 1 }, viewer.token)).statusCode, 403);
    assert.equal((await call('PUT', '/order', { ids: [rule.id] }, viewer.token)).statusCode, 403);
    assert.equal((await call('DELETE', `/${rule.id}`, undefined, viewer.token)).statusCode, 403);
    const nobody = await context.userWith(['dashboard.view'], 'No rules');
    assert.equal((await call('GET', '', undefined, nobody.token)).statusCode, 403);
    assert.equal((await context.app.inject({ method: 'GET', url: '/api/distribution/rules' })).statusCode, 401);
    const creator = await context.userWith(['distribution.rule.create'], 'Rule creator');
    assert.equal((await call('POST', '', ruleBody('by creator'), creator.token)).statusCode, 201);
    const updater = await context.userWith(['distribution.rule.update'], 'Rule updater');
    assert.equal((await call('PUT', `/${rule.id}/enabled`, { is_enabled: false }, updater.token)).statusCode, 200);
    const deleter = await context.userWith(['distribution.rule.delete'], 'Rule deleter');
    assert.equal((await call('DELETE', `/${rule.id}`, undefined, deleter.token)).statusCode, 200);
  });

  test('matching: the first enabled match wins, disabled rules are skipped, no match is null', async () => {
    await clear();
    const { db } = context.database;
    const disabled = await create(ruleBody('disabled DE', { countries: ['DE'] }, [tier([2, 1])], false));
    const german = await create(ruleBody('DE', { countries: ['DE'] }, [tier([0, 3], [1, 1]), tier([2, 1])]));
    await create(ruleBody('DE again', { countries: ['DE'] }));
    await create(ruleBody('FR', { countries: ['FR'] }));
    const de = { ...noLead, country: 'DE' };
    assert.deepEqual(await matchingRule(db, de), {
      ruleId: german.id,
      ruleName: 'DE',
      tiers: [
        {
          departments: [
            { departmentId: departments[0], weight: 3 },
            { departmentId: departments[1], weight: 1 },
          ],
        },
        { departments: [{ departmentId: departments[2], weight: 1 }] },
      ],
    });
    assert.equal(await matchingRule(db, { ...noLead, country: 'IT' }), null);
    assert.equal(await matchingRule(db, noLead), null, 'a lead without a country does not meet a country condition');
    assert.equal(await anyEnabledRule(db), true);
    dataOf(await call('PUT', `/${disabled.id}/enabled`, { is_enabled: true }));
    assert.equal((await matchingRule(db, de))?.ruleName, 'disabled DE');
    await db.delete(tables.brokerDepartments).where(eq(tables.brokerDepartments.id, departments[2]!));
    departments[2] = departments[1]!;
    assert.equal((await matchingRule(db, de))?.tiers.length, 0, 'a tier emptied by a deleted department is dropped');
    assert.equal((await matchingRule(db, { ...de, country: 'de' }))?.ruleName, 'disabled DE', 'countries compare upper-case');
  });

  test('matching: every condition kind, each alone and together; an empty condition matches any lead', async () => {
    await clear();
    const { db } = context.database;
    const cases: [Partial<typeof anyLead>, Partial<RoutableLead>, Partial<RoutableLead>][] = [
      [{ affiliate_company_ids: [companyId] }, { affiliate_company_id: companyId }, { affiliate_company_id: companyId + 1 }],
      [{ source_ids: [sourceId] }, { source_id: sourceId }, { source_id: null }],
      [{ countries: ['AT', 'CH'] }, { country: 'CH' }, { country: 'DE' }],
      [{ languages: ['de', 'fr'] }, { language: 'FR' }, { language: 'en' }],
      [{ funnels: ['crypto'] }, { funnel: 'crypto' }, { funnel: 'Crypto' }],
      [{ sub1: ['s1'] }, { sub1: 's1' }, { sub1: 's2' }],
      [{ sub2: ['s2'] }, { sub2: 's2' }, { sub2: null }],
      [{ sub3: ['s3'] }, { sub3: 's3' }, { sub3: 'x' }],
      [{ sub4: ['s4'] }, { sub4: 's4' }, { sub4: 'x' }],
      [{ sub5: ['s5', 't5'] }, { sub5: 't5' }, { sub5: 'x' }],
    ];
    for (const [conditions, hit, miss] of cases) {
      await clear();
      await create(ruleBody('only', conditions));
      const label = JSON.stringify(conditions);
      assert.equal((await matchingRule(db, { ...noLead, ...hit }))?.ruleName, 'only', `${label} takes ${JSON.stringify(hit)}`);
      assert.equal(await matchingRule(db, { ...noLead, ...miss }), null, `${label} refuses ${JSON.stringify(miss)}`);
    }
    await clear();
    await create(ruleBody('all of them', { countries: ['DE'], funnels: ['crypto'], sub3: ['x'] }));
    await create(ruleBody('catch-all'));
    const full = { ...noLead, country: 'DE', funnel: 'crypto', sub3: 'x' };
    assert.equal((await matchingRule(db, full))?.ruleName, 'all of them');
    assert.equal((await matchingRule(db, { ...full, sub3: 'y' }))?.ruleName, 'catch-all', 'every condition must hold');
    assert.equal((await matchingRule(db, noLead))?.ruleName, 'catch-all');
  });

  test('a draft rule (unsaved, as the simulator runs it) goes through the same pure matching as the saved ones', async () => {
    await clear();
    await create(ruleBody('saved FR', { countries: ['FR'] }));
    const saved = await loadRules(context.database.db);
    const tiers: RoutingTier[] = [{ departments: [{ departmentId: departments[0]!, weight: 2 }] }];
    const conditions: RuleConditions = { ...anyLead, languages: ['fr'] };
    const draft: RoutingRule = { id: 0, name: 'draft', is_enabled: true, ...conditions, tiers };
    const french = { ...noLead, country: 'FR', language: 'fr' };
    assert.equal(ruleMatches(conditions, french), true);
    assert.equal(ruleMatches(conditions, { ...french, language: null }), false);
    assert.deepEqual(firstMatch([draft, ...saved], french), { ruleId: 0, ruleName: 'draft', tiers });
    assert.equal(firstMatch([...saved, draft], french)?.ruleName, 'saved FR');
    assert.equal(firstMatch([{ ...draft, is_enabled: false }], french), null);
  });

  test('rules created and deleted at the same time keep positions 1…n, each once', async () => {
    await clear();
    const created = await Promise.all(Array.from({ length: 12 }, (_, index) => create(ruleBody(`parallel ${index}`))));
    assert.deepEqual(
      created.map((rule) => rule.position).sort((a, b) => a - b),
      Array.from({ length: 12 }, (_, index) => index + 1),
    );
    await Promise.all([...created.slice(0, 4).map((rule) => call('DELETE', `/${rule.id}`)), call('PUT', `/${created[11]!.id}/position`, { position: 1 })]);
    const positions = dataOf<DistributionRuleItem[]>(await call('GET', '')).map((rule) => rule.position);
    assert.deepEqual(positions, [1, 2, 3, 4, 5, 6, 7, 8]);
  });
});
