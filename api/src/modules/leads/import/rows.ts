/**
 * The per-row checks that need no database, with the add-lead rules themselves (intake's `parseLeadInput` and
 * `prepareLead`, then its country check against the codes loaded once): a row is a candidate or an INVALID refusal.
 */
import { contactValuesOf } from '../blacklist/matcher.ts';
import { parseLeadInput } from '../intake/service.ts';
import { prepareLead } from '../intake/prepare.ts';
import { refusal } from '../intake/schema.ts';
import { mapRow, type ColumnMapping } from './mapping.ts';
import type { ImportReferences } from './references.ts';
import type { RowCandidate, RowRefusal } from './schema.ts';
import type { SheetRow } from './readers/index.ts';
import { literalElements } from '../intake/columns.ts';

export type RowCheck = { ok: true; candidate: RowCandidate } | { ok: false; refusal: RowRefusal };

const refused = (row: number, raw: RowCandidate['raw'], errors: Record<string, string[]>): RowCheck => {
  const { reason, message } = refusal('INVALID', errors);
  return { ok: false, refusal: { row, raw, reason, message } };
};

export function checkRow(sheetRow: SheetRow, mapping: ColumnMapping, references: ImportReferences): RowCheck {
  const { raw, body, errors } = mapRow(sheetRow.cells, mapping, references.fixedFields);
  const parsed = parseLeadInput(body);
  if (!parsed.ok || Object.keys(errors).length > 0) return refused(sheetRow.row, raw, { ...errors, ...(parsed.ok ? {} : parsed.errors) });
  const prepared = prepareLead(parsed.input);
  if (!prepared.ok) return refused(sheetRow.row, raw, prepared.errors);
  const country = prepared.lead.values.country;
  if (country && !references.countries.has(country)) return refused(sheetRow.row, raw, { country: ['The selected country does not exist.'] });
  const { lead } = prepared;
  return { ok: true, candidate: { row: sheetRow.row, raw, lead, contacts: contactValuesOf(lead.values), elements: literalElements(lead.values) } };
}
