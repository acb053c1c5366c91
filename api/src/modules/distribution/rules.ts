/**
 * Which distribution rule a lead falls under. Matching is pure given the loaded rules (`firstMatch`), so the engine
 * (`matchingRule`, reading the saved rules) and the simulator (running a draft from the editor) decide alike.
 */
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { distributionRuleDepartments, distributionRules } from '../../db/schema/index.ts';
import type { RoutingTier, RuleMatch } from './routing.ts';

/** The lead fields a rule looks at. */
export type RoutableLead = {
  affiliate_company_id: number | null;
  source_id: number | null;
  country: string | null;
  language: string | null;
  funnel: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  sub4: string | null;
  sub5: string | null;
};

/** Each condition lists the values it accepts; an empty list accepts every lead (a lead without the field too). */
export type RuleConditions = {
  affiliate_company_ids: readonly number[];
  source_ids: readonly number[];
  countries: readonly string[];
  languages: readonly string[];
  funnels: readonly string[];
  sub1: readonly string[];
  sub2: readonly string[];
  sub3: readonly string[];
  sub4: readonly string[];
  sub5: readonly string[];
};

/** A rule as matching needs it, tiers first to last. */
export type RoutingRule = RuleConditions & { id: number; name: string; is_enabled: boolean; tiers: RoutingTier[] };

const accepts = <Value>(accepted: readonly Value[], value: Value | null): boolean => accepted.length === 0 || (value !== null && accepted.includes(value));

/** Countries compare as upper-case ISO codes and languages case-blind (as a department's targeting does); the rest exactly. */
export function ruleMatches(rule: RuleConditions, lead: RoutableLead): boolean {
  return (
    accepts(rule.affiliate_company_ids, lead.affiliate_company_id) &&
    accepts(rule.source_ids, lead.source_id) &&
    accepts(
      rule.countries.map((code) => code.toUpperCase()),
      lead.country?.toUpperCase() ?? null,
    ) &&
    accepts(
      rule.languages.map((code) => code.toLowerCase()),
      lead.language?.toLowerCase() ?? null,
    ) &&
    accepts(rule.funnels, lead.funnel) &&
    accepts(rule.sub1, lead.sub1) &&
    accepts(rule.sub2, lead.sub2) &&
    accepts(rule.sub3, lead.sub3) &&
    accepts(rule.sub4, lead.sub4) &&
    accepts(rule.sub5, lead.sub5)
  );
}

/** The first enabled rule, in the given order, that matches the lead; null: the lead is unassigned (no rule). */
export function firstMatch(rules: readonly RoutingRule[], lead: RoutableLead): RuleMatch {
  const rule = rules.find((candidate) => candidate.is_enabled && ruleMatches(candidate, lead));
  return rule ? { ruleId: rule.id, ruleName: rule.name, tiers: rule.tiers } : null;
}

/** Every saved rule, enabled or not, in the order they are tried; tiers emptied by deleted departments left out. */
export async function loadRules(executor: Executor): Promise<RoutingRule[]> {
  const [rules, departments] = await Promise.all([
    executor.select().from(distributionRules).orderBy(asc(distributionRules.position), asc(distributionRules.id)),
    executor
      .select()
      .from(distributionRuleDepartments)
      .orderBy(asc(distributionRuleDepartments.rule_id), asc(distributionRuleDepartments.tier), asc(distributionRuleDepartments.department_id)),
  ]);
  const tiersOf = new Map<number, Map<number, RoutingTier>>();
  for (const row of departments) {
    const tiers = tiersOf.get(row.rule_id) ?? new Map<number, RoutingTier>();
    const tier = tiers.get(row.tier) ?? { departments: [] };
    tier.departments.push({ departmentId: row.department_id, weight: row.weight });
    tiers.set(row.tier, tier);
    tiersOf.set(row.rule_id, tiers);
  }
  return rules.map((rule) => ({
    id: rule.id,
    name: rule.name,
    is_enabled: rule.is_enabled,
    affiliate_company_ids: rule.affiliate_company_ids,
    source_ids: rule.source_ids,
    countries: rule.countries,
    languages: rule.languages,
    funnels: rule.funnels,
    sub1: rule.sub1,
    sub2: rule.sub2,
    sub3: rule.sub3,
    sub4: rule.sub4,
    sub5: rule.sub5,
    // Rows come ordered by tier, so the map's insertion order is the priority order.
    tiers: [...(tiersOf.get(rule.id)?.values() ?? [])],
  }));
}

/** The rules as one pass applies them: the match of a lead, and whether any rule is enabled at all. */
export type Router = { match(lead: RoutableLead): RuleMatch; anyEnabled: boolean };

/** A router that gives every lead one match (tests, and a fixed routing). */
export const fixedRouter = (match: RuleMatch): Router => ({ match: () => match, anyEnabled: match !== null });

/** The saved rules as a pass applies them (read once per claimed batch: distribution/batch.ts). */
export async function savedRulesRouter(executor: Executor): Promise<Router> {
  const rules = await loadRules(executor);
  return { match: (lead) => firstMatch(rules, lead), anyEnabled: rules.some((rule) => rule.is_enabled) };
}

/** The rule the saved rules give this lead (see `firstMatch`). */
export async function matchingRule(executor: Executor, lead: RoutableLead): Promise<RuleMatch> {
  return (await savedRulesRouter(executor)).match(lead);
}

/** Whether any rule is enabled: without one the engine leaves a batch unassigned in one statement (queue.ts). */
export async function anyEnabledRule(executor: Executor): Promise<boolean> {
  const [row] = await executor.select({ id: distributionRules.id }).from(distributionRules).where(eq(distributionRules.is_enabled, true)).limit(1);
  return row !== undefined;
}
