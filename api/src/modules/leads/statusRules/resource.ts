/**
 * Lead status rules (`lead/status/settings`) as a resource: list, get, create, update, delete. Beyond the contract's
 * checks, the row as it will be stored (body merged over the existing row) must name two existing lead statuses that
 * differ, with a duration of at least a day unless the duration is ignored; one rule per condition status.
 */
import { crudPermissions, idText, leadStatusSettingBodies, leadStatusSettingItem } from '@crm/shared/contract';
import { leadStatusSettings } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import type { Executor } from '../../../db/database.ts';
import { withIsoDates, type ResourceDefinition, type Row } from '../../../http/resource.ts';
import { idsOf, pick, statusCells } from '../../../db/relations.ts';
import { statusClasses, statusProblem, type FieldErrors } from '../profile/references.ts';

type RuleValues = { condition_status_id: number; last_status_id: number; duration_day: number; ignore_duration: boolean };

/** The stored row a write would leave: body over existing over column defaults. */
function mergedRule(body: Row, existing: Row | null): RuleValues {
  const value = <Key extends keyof RuleValues>(key: Key, fallback: RuleValues[Key]): RuleValues[Key] => (body[key] ?? existing?.[key] ?? fallback) as RuleValues[Key];
  return {
    condition_status_id: value('condition_status_id', 0),
    last_status_id: value('last_status_id', 0),
    duration_day: value('duration_day', 1),
    ignore_duration: value('ignore_duration', false),
  };
}

async function ruleErrors(executor: Executor, rule: RuleValues): Promise<FieldErrors> {
  const errors: FieldErrors = {};
  const classes = await statusClasses(executor, [rule.condition_status_id, rule.last_status_id]);
  for (const field of ['condition_status_id', 'last_status_id'] as const) {
    const problem = statusProblem(classes.get(rule[field]), 'lead');
    if (problem) errors[field] = [problem];
  }
  if (rule.condition_status_id === rule.last_status_id) errors['last_status_id'] ??= ['The last status must differ from the condition status.'];
  if (!rule.ignore_duration && rule.duration_day < 1) errors['duration_day'] = ['The duration is at least 1 day unless the duration is ignored.'];
  return errors;
}

export function leadStatusRuleResource(executor: Executor): ResourceDefinition {
  return {
    path: '/lead/status/settings',
    name: 'Lead status setting',
    table: leadStatusSettings,
    permissions: crudPermissions('lead.statusSetting'),
    create: leadStatusSettingBodies.create,
    update: leadStatusSettingBodies.update,
    item: leadStatusSettingItem,
    toItem: (row) => withIsoDates(row),
    // Ids and numbers only: there is no text to search; the list filters by either status instead.
    searchable: [],
    sortable: {
      id: leadStatusSettings.id,
      duration_day: leadStatusSettings.duration_day,
      created_at: leadStatusSettings.created_at,
      updated_at: leadStatusSettings.updated_at,
    },
    defaultSort: 'id',
    filters: {
      condition_status_id: { schema: idText, column: leadStatusSettings.condition_status_id },
      last_status_id: { schema: idText, column: leadStatusSettings.last_status_id },
    },
    unique: [{ field: 'condition_status_id', columns: [leadStatusSettings.condition_status_id], message: 'A rule for this condition status already exists.' }],
    hooks: {
      async withRelated(reader, rows) {
        const cells = await statusCells(reader, idsOf(rows.flatMap((row) => [row['condition_status_id'] as number, row['last_status_id'] as number])));
        return rows.map((row) => ({
          ...row,
          condition_status: pick(cells, row['condition_status_id'] as number),
          last_status: pick(cells, row['last_status_id'] as number),
        }));
      },
      async toValues(body, existing) {
        const errors = await ruleErrors(executor, mergedRule(body, existing));
        if (Object.keys(errors).length > 0) throw invalid(errors);
        return body;
      },
    },
  };
}
