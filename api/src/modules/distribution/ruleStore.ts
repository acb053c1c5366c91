/**
 * Saving distribution rules (`/distribution/rules`): a rule is written whole with its tiers; positions stay 1…n.
 * Writes that move rules (create, delete, move, order) take one advisory lock so two of them never interleave.
 */
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { percentagesOf, type DistributionRuleItem, type distributionRuleBody } from '@crm/shared/contract';
import type { Db, Executor } from '../../db/database.ts';
import { columnLiteral } from '../../db/sqlArrays.ts';
import { affiliateCompanies, brokerDepartments, brokers, countries, distributionRuleDepartments, distributionRules, sources } from '../../db/schema/index.ts';
import { invalid, invalidUnlessEmpty, notFound } from '../../http/errors.ts';

type RuleBody = z.output<typeof distributionRuleBody>;

const orderLockKey = 7_246_033;
const notFoundName = 'Distribution rule';

async function lockOrder(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${orderLockKey})`);
}

/** Sets positions 1…n in the order of `ids` (every rule's id once). */
async function writeOrder(tx: Executor, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await tx.execute(sql`
    update ${distributionRules} as r set position = o.n
    from unnest(${columnLiteral(ids)}::int[]) with ordinality as o(id, n)
    where r.id = o.id and r.position <> o.n`);
}

async function orderedIds(tx: Executor): Promise<number[]> {
  const rows = await tx.select({ id: distributionRules.id }).from(distributionRules).orderBy(asc(distributionRules.position), asc(distributionRules.id));
  return rows.map((row) => row.id);
}

async function itemsOf(executor: Executor, ids?: readonly number[]): Promise<DistributionRuleItem[]> {
  const where = ids ? inArray(distributionRules.id, [...ids]) : undefined;
  const whereDepartments = ids ? inArray(distributionRuleDepartments.rule_id, [...ids]) : undefined;
  const [rules, entries] = await Promise.all([
    executor.select().from(distributionRules).where(where).orderBy(asc(distributionRules.position), asc(distributionRules.id)),
    executor
      .select({
        rule_id: distributionRuleDepartments.rule_id,
        tier: distributionRuleDepartments.tier,
        department_id: distributionRuleDepartments.department_id,
        weight: distributionRuleDepartments.weight,
        branch_name: brokerDepartments.branch_name,
        broker_name: brokers.name,
      })
      .from(distributionRuleDepartments)
      .innerJoin(brokerDepartments, eq(brokerDepartments.id, distributionRuleDepartments.department_id))
      .innerJoin(brokers, eq(brokers.id, brokerDepartments.broker_id))
      .where(whereDepartments)
      .orderBy(asc(distributionRuleDepartments.rule_id), asc(distributionRuleDepartments.tier), asc(brokers.name), asc(brokerDepartments.branch_name)),
  ]);
  return rules.map(({ created_at, updated_at, ...rule }) => {
    const tiers = new Map<number, typeof entries>();
    for (const entry of entries) if (entry.rule_id === rule.id) tiers.set(entry.tier, [...(tiers.get(entry.tier) ?? []), entry]);
    return {
      ...rule,
      tiers: [...tiers.values()].map((departments) => {
        const percentages = percentagesOf(departments.map((entry) => entry.weight));
        return { departments: departments.map(({ rule_id: _rule, tier: _tier, ...entry }, index) => ({ ...entry, percentage: percentages[index] ?? 0 })) };
      }),
      created_at: created_at.toISOString(),
      updated_at: updated_at.toISOString(),
    };
  });
}

export function listRules(db: Db): Promise<DistributionRuleItem[]> {
  return itemsOf(db);
}

export async function findRule(executor: Executor, id: number): Promise<DistributionRuleItem> {
  const [item] = await itemsOf(executor, [id]);
  if (!item) throw notFound(notFoundName);
  return item;
}

/** The ids among `wanted` that exist in the table behind `idsIn`. */
async function existing<Value extends string | number>(wanted: readonly Value[], idsIn: (values: Value[]) => Promise<Value[]>): Promise<Set<Value>> {
  return new Set(wanted.length === 0 ? [] : await idsIn([...new Set(wanted)]));
}

/** A message under each value that names nothing: `affiliate_company_ids.1`, `countries.0`, `tiers.0.departments.2.department_id`. */
export async function referenceErrors(executor: Executor, body: RuleBody): Promise<Record<string, string[]>> {
  const departmentIds = body.tiers.flatMap((tier) => tier.departments.map((entry) => entry.department_id));
  const [companies, sourceIds, countryCodes, departments] = await Promise.all([
    existing(body.affiliate_company_ids, async (ids) =>
      (await executor.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(inArray(affiliateCompanies.id, ids))).map((row) => row.id),
    ),
    existing(body.source_ids, async (ids) => (await executor.select({ id: sources.id }).from(sources).where(inArray(sources.id, ids))).map((row) => row.id)),
    existing(body.countries, async (codes) => (await executor.select({ code: countries.iso_3166_2 }).from(countries).where(inArray(countries.iso_3166_2, codes))).map((row) => row.code)),
    existing(departmentIds, async (ids) => (await executor.select({ id: brokerDepartments.id }).from(brokerDepartments).where(inArray(brokerDepartments.id, ids))).map((row) => row.id)),
  ]);
  const errors: Record<string, string[]> = {};
  body.affiliate_company_ids.forEach((id, index) => {
    if (!companies.has(id)) errors[`affiliate_company_ids.${index}`] = ['The selected affiliate company does not exist.'];
  });
  body.source_ids.forEach((id, index) => {
    if (!sourceIds.has(id)) errors[`source_ids.${index}`] = ['The selected source does not exist.'];
  });
  body.countries.forEach((code, index) => {
    if (!countryCodes.has(code)) errors[`countries.${index}`] = [`The country ${code} does not exist.`];
  });
  body.tiers.forEach((tier, tierIndex) =>
    tier.departments.forEach((entry, index) => {
      if (!departments.has(entry.department_id)) errors[`tiers.${tierIndex}.departments.${index}.department_id`] = ['The selected department does not exist.'];
    }),
  );
  return errors;
}

const assertReferencesExist = async (executor: Executor, body: RuleBody): Promise<void> => invalidUnlessEmpty(await referenceErrors(executor, body));

const columnsOf = ({ tiers: _tiers, ...rule }: RuleBody) => rule;

async function writeTiers(tx: Executor, ruleId: number, body: RuleBody): Promise<void> {
  await tx.delete(distributionRuleDepartments).where(eq(distributionRuleDepartments.rule_id, ruleId));
  const rows = body.tiers.flatMap((tier, index) => tier.departments.map((entry) => ({ rule_id: ruleId, tier: index, department_id: entry.department_id, weight: entry.weight })));
  await tx.insert(distributionRuleDepartments).values(rows);
}

/** A new rule goes last. */
export async function createRule(db: Db, body: RuleBody): Promise<DistributionRuleItem> {
  await assertReferencesExist(db, body);
  return db.transaction(async (tx) => {
    await lockOrder(tx);
    const [total] = await tx.select({ n: count() }).from(distributionRules);
    const [rule] = await tx
      .insert(distributionRules)
      .values({ ...columnsOf(body), position: (total?.n ?? 0) + 1 })
      .returning({ id: distributionRules.id });
    if (!rule) throw new Error('insert returned no row');
    await writeTiers(tx, rule.id, body);
    return findRule(tx, rule.id);
  });
}

export async function replaceRule(db: Db, id: number, body: RuleBody): Promise<DistributionRuleItem> {
  await findRule(db, id);
  await assertReferencesExist(db, body);
  return db.transaction(async (tx) => {
    const updated = await tx.update(distributionRules).set(columnsOf(body)).where(eq(distributionRules.id, id)).returning({ id: distributionRules.id });
    if (updated.length === 0) throw notFound(notFoundName);
    await writeTiers(tx, id, body);
    return findRule(tx, id);
  });
}

export async function setRuleEnabled(db: Db, id: number, isEnabled: boolean): Promise<DistributionRuleItem> {
  const updated = await db.update(distributionRules).set({ is_enabled: isEnabled }).where(eq(distributionRules.id, id)).returning({ id: distributionRules.id });
  if (updated.length === 0) throw notFound(notFoundName);
  return findRule(db, id);
}

export async function deleteRule(db: Db, id: number): Promise<void> {
  await db.transaction(async (tx) => {
    await lockOrder(tx);
    const removed = await tx.delete(distributionRules).where(eq(distributionRules.id, id)).returning({ id: distributionRules.id });
    if (removed.length === 0) throw notFound(notFoundName);
    await writeOrder(tx, await orderedIds(tx));
  });
}

/** Moves a rule to a 1-based position (past the end: last); the others keep their order around it. */
export async function moveRule(db: Db, id: number, position: number): Promise<DistributionRuleItem[]> {
  await db.transaction(async (tx) => {
    await lockOrder(tx);
    const ids = await orderedIds(tx);
    if (!ids.includes(id)) throw notFound(notFoundName);
    const others = ids.filter((other) => other !== id);
    others.splice(Math.min(position, ids.length) - 1, 0, id);
    await writeOrder(tx, others);
  });
  return listRules(db);
}

/** Puts every rule in the given order; the list must name each rule once. */
export async function orderRules(db: Db, ids: readonly number[]): Promise<DistributionRuleItem[]> {
  await db.transaction(async (tx) => {
    await lockOrder(tx);
    const saved = await orderedIds(tx);
    const known = new Set(saved);
    const errors: Record<string, string[]> = {};
    ids.forEach((id, index) => {
      if (!known.has(id)) errors[`ids.${index}`] = ['The selected rule does not exist.'];
    });
    invalidUnlessEmpty(errors);
    if (ids.length !== saved.length) throw invalid({ ids: ['List every rule once.'] });
    await writeOrder(tx, ids);
  });
  return listRules(db);
}
