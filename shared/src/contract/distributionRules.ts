/**
 * Automatic distribution (issue 33), second slice: distribution rules (`/distribution/rules`). A rule matches leads
 * by affiliate company, source, country, language, funnel and sub ids (an empty list matches every lead); its tiers,
 * in priority order, list departments with weights. Rules are ordered; the first enabled rule that matches wins.
 */
import { z } from 'zod';
import { isoDateTime, maxId, recordId, requiredName, text } from './common.ts';
import { countryCode } from './brokers.ts';
import { languageCode } from './localizations.ts';

export const maxRuleTiers = 10;
export const maxTierDepartments = 50;
export const maxRuleWeight = 10_000;
const maxConditionValues = 500;

/** The lead fields a rule matches on, each a list of accepted values. */
export const ruleValueFields = ['funnels', 'sub1', 'sub2', 'sub3', 'sub4', 'sub5'] as const;
export type RuleValueField = (typeof ruleValueFields)[number];

/** A list without repeats; a repeat is reported at its own index (`countries.3`). */
function distinctList<Item extends z.ZodType<string | number>>(item: Item) {
  return z
    .array(item)
    .max(maxConditionValues)
    .superRefine((values, context) => {
      const seen = new Set<unknown>();
      values.forEach((value, index) => {
        if (seen.has(value)) context.addIssue({ code: 'custom', path: [index], message: `${String(value)} is listed twice.` });
        seen.add(value);
      });
    });
}

const freeValue = text().trim().min(1, 'A value cannot be empty.').max(255);

export const ruleTierDepartment = z.strictObject({
  department_id: z.number('Choose a department.').int('Choose a department.').min(1, 'Choose a department.').max(maxId, 'Choose a department.'),
  weight: z.number().int('The weight must be a whole number.').min(1, 'The weight must be at least 1.').max(maxRuleWeight, `The weight may not be greater than ${maxRuleWeight}.`),
});

export const ruleTier = z.strictObject({
  departments: z.array(ruleTierDepartment).min(1, 'A tier needs at least one department.').max(maxTierDepartments, `A tier may have at most ${maxTierDepartments} departments.`),
});

/** POST and PUT: the whole rule with its tiers (PUT replaces them). Position is kept; it changes by moving the rule. */
export const distributionRuleBody = z.strictObject({
  name: requiredName,
  is_enabled: z.boolean(),
  affiliate_company_ids: distinctList(recordId),
  source_ids: distinctList(recordId),
  countries: distinctList(countryCode),
  languages: distinctList(languageCode),
  funnels: distinctList(freeValue),
  sub1: distinctList(freeValue),
  sub2: distinctList(freeValue),
  sub3: distinctList(freeValue),
  sub4: distinctList(freeValue),
  sub5: distinctList(freeValue),
  tiers: z
    .array(ruleTier)
    .min(1, 'Add at least one tier.')
    .max(maxRuleTiers, `A rule may have at most ${maxRuleTiers} tiers.`)
    .superRefine((tiers, context) => {
      // A department in two places of one rule would be picked twice: reported where it appears again.
      const seen = new Set<number>();
      tiers.forEach((tier, tierIndex) =>
        tier.departments.forEach((entry, index) => {
          if (seen.has(entry.department_id))
            context.addIssue({ code: 'custom', path: [tierIndex, 'departments', index, 'department_id'], message: 'This department is already in the rule.' });
          seen.add(entry.department_id);
        }),
      );
    }),
});
export type DistributionRuleBody = z.input<typeof distributionRuleBody>;

export const distributionRuleEnabledBody = z.strictObject({ is_enabled: z.boolean() });
/** Move one rule to a 1-based position; the others keep their order around it. */
export const distributionRuleMoveBody = z.strictObject({ position: z.number().int().min(1, 'The position starts at 1.').max(100_000) });
/** Every rule's id once, first to last. */
export const distributionRuleOrderBody = z.strictObject({
  ids: distinctList(recordId),
});

export const distributionRuleItem = z.object({
  id: z.number().int(),
  name: z.string(),
  /** 1 is tried first. */
  position: z.number().int(),
  is_enabled: z.boolean(),
  affiliate_company_ids: z.array(z.number().int()),
  source_ids: z.array(z.number().int()),
  countries: z.array(z.string()),
  languages: z.array(z.string()),
  funnels: z.array(z.string()),
  sub1: z.array(z.string()),
  sub2: z.array(z.string()),
  sub3: z.array(z.string()),
  sub4: z.array(z.string()),
  sub5: z.array(z.string()),
  tiers: z.array(
    z.object({
      departments: z.array(
        z.object({
          department_id: z.number().int(),
          branch_name: z.string(),
          broker_name: z.string(),
          weight: z.number().int(),
          /** Its share of the tier's weights, in percent to one decimal. */
          percentage: z.number(),
        }),
      ),
    }),
  ),
  created_at: isoDateTime,
  updated_at: isoDateTime,
});
export type DistributionRuleItem = z.infer<typeof distributionRuleItem>;

/** The engine's settings (one row): broker calls per lead at most, and how long a lead nothing can take now is held. */
export const distributionSettingsBody = z.strictObject({
  max_attempts: z.number({ error: 'Enter the most broker calls per lead.' }).int('A whole number of calls.').min(1, 'At least 1 call.').max(10, 'At most 10 calls.'),
  hold_hours: z.number({ error: 'Enter the hold time in hours.' }).int('A whole number of hours.').min(0, '0 hours or more (0: never held).').max(168, 'At most 168 hours (a week).'),
});
export type DistributionSettingsBody = z.infer<typeof distributionSettingsBody>;
