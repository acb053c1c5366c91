/**
 * What every row of an import shares, checked and loaded once: the fixed values (a wrong one is the request's fault,
 * a 422 under `fixed.*`, not a failed lead per row), the source's random statuses and the known country codes.
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { affiliateCompanies, countries, sourceRandomStatuses, sources, statuses, tags } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import type { WeightedStatus } from '../../settings/randomStatuses/pickWeightedStatus.ts';
import { fixedFields } from './mapping.ts';
import type { ImportRequestData, RawRow } from './schema.ts';

export type ImportReferences = {
  sourceId: number | null;
  /** The fixed status; when null, a lead from a source with random statuses draws one. */
  statusId: number | null;
  affiliateCompanyId: number | null;
  tagIds: number[];
  /** The fixed values as add-lead fields, added to every row. */
  fixedFields: RawRow;
  randomStatuses: WeightedStatus[];
  /** ISO 3166 alpha-2 codes of the known countries (the add-lead reference check, done in memory). */
  countries: ReadonlySet<string>;
};

/** Checks the fixed values (a 422 naming `fixed.<field>`) and loads what the rows are checked against. */
export async function loadImportReferences(db: Db, fixed: ImportRequestData['fixed']): Promise<ImportReferences> {
  const sourceId = fixed.source_id ?? null;
  const statusId = fixed.status_id ?? null;
  const affiliateCompanyId = fixed.affiliate_company_id ?? null;
  const tagIds = [...new Set(fixed.tag_ids ?? [])];
  const [sourceRows, statusRows, affiliateRows, tagRows, countryRows] = await Promise.all([
    sourceId === null ? [] : db.select({ id: sources.id }).from(sources).where(eq(sources.id, sourceId)),
    statusId === null ? [] : db.select({ class: statuses.class, in_import: statuses.in_import }).from(statuses).where(eq(statuses.id, statusId)),
    affiliateCompanyId === null ? [] : db.select({ id: affiliateCompanies.id }).from(affiliateCompanies).where(eq(affiliateCompanies.id, affiliateCompanyId)),
    tagIds.length === 0 ? [] : db.select({ id: tags.id }).from(tags).where(inArray(tags.id, tagIds)),
    db.select({ code: countries.iso_3166_2 }).from(countries),
  ]);

  const errors: Record<string, string[]> = {};
  if (sourceId !== null && sourceRows.length === 0) errors['fixed.source_id'] = ['The selected source does not exist.'];
  const status = statusRows[0];
  if (statusId !== null) {
    if (!status) errors['fixed.status_id'] = ['The selected status does not exist.'];
    else if (status.class !== 'lead') errors['fixed.status_id'] = ['The status must be a lead status.'];
    // `in_import` marks the statuses an import may set (docs/product.md#lead-statuses).
    else if (!status.in_import) errors['fixed.status_id'] = ['This status is not allowed in imports.'];
  }
  if (affiliateCompanyId !== null && affiliateRows.length === 0) errors['fixed.affiliate_company_id'] = ['The selected affiliate company does not exist.'];
  if (tagRows.length < tagIds.length) errors['fixed.tag_ids'] = ['The selected tags do not all exist.'];
  if (Object.keys(errors).length > 0) throw invalid(errors);

  const randomStatuses =
    statusId === null && sourceId !== null
      ? await db
          .select({ status_id: sourceRandomStatuses.status_id, weight: sourceRandomStatuses.weight })
          .from(sourceRandomStatuses)
          .where(eq(sourceRandomStatuses.source_id, sourceId))
          .orderBy(asc(sourceRandomStatuses.id))
      : [];
  return {
    sourceId,
    statusId,
    affiliateCompanyId,
    tagIds,
    fixedFields: fixedFields({ ...fixed, tag_ids: tagIds }),
    randomStatuses,
    countries: new Set(countryRows.map((row) => row.code)),
  };
}
