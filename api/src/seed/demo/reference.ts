/** Reference-like rows: few, through Drizzle, reused by name so the command can be run again. */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { SecretBox } from '../../modules/sending/secrets.ts';
import * as tables from '../../db/schema/index.ts';
import { ensureBrokers, type DemoDepartment } from './brokers.ts';
import { countryProfiles, type CountryProfile } from './countries.ts';
import { affiliateCompanyNames, demoBlacklist, demoExportSetting, sourceSeeds, tagNames } from './lists.ts';
import type { Random } from './random.ts';
import type { DemoTable } from './report.ts';
import { idOf, type Tx } from './rows.ts';

/** Thrown when the reference data (statuses, countries) the demo leads point to has not been seeded. */
export class MissingReferenceDataError extends Error {
  override name = 'MissingReferenceDataError';
}

export type DemoReference = {
  leadStatusIds: number[];
  emailStatusIds: number[];
  phoneStatusIds: number[];
  profiles: CountryProfile[];
  sources: { id: number; affiliateCompanyId: number | null }[];
  affiliateCompanyIds: number[];
  /** Each demo department and the send integration its sends go through. */
  departments: DemoDepartment[];
  tagIds: number[];
  /** Who made the 'user' status changes: the first user, if any. */
  userId: number | null;
};

export async function ensureDemoReference(db: Db, random: Random, secrets: SecretBox, counts: Record<DemoTable, number>): Promise<DemoReference> {
  return db.transaction(async (tx) => {
    const statusRows = await tx.select({ id: tables.statuses.id, class: tables.statuses.class }).from(tables.statuses).orderBy(tables.statuses.id);
    if (statusRows.length === 0) {
      throw new MissingReferenceDataError('The statuses table is empty: the reference data (statuses, countries, languages) must be seeded before demo data.');
    }
    const leadStatusIds = statusRows.filter((row) => row.class === 'lead').map((row) => row.id);
    if (leadStatusIds.length === 0) throw new MissingReferenceDataError('There is no status of class "lead" to give the demo leads.');
    const countryRows = await tx
      .select({ iso2: tables.countries.iso_3166_2 })
      .from(tables.countries)
      .where(
        inArray(
          tables.countries.iso_3166_2,
          countryProfiles.map((profile) => profile.iso2),
        ),
      );
    const seededCountries = new Set(countryRows.map((row) => row.iso2));
    const profiles = countryProfiles.filter((profile) => seededCountries.has(profile.iso2));
    if (profiles.length === 0) {
      throw new MissingReferenceDataError(`None of the demo countries (${countryProfiles.map((profile) => profile.iso2).join(', ')}) is in the countries table.`);
    }

    const companyIds = await ensureAffiliateCompanies(tx, counts);
    const sources = await ensureSources(tx, companyIds, counts);
    const tagIds = await ensureTags(tx, counts);
    const departments = await ensureBrokers(tx, random, secrets, companyIds, counts);
    await ensureSourceRandomStatuses(tx, sources, leadStatusIds, counts);
    await ensureExportSetting(tx, counts);
    await ensureBlacklist(tx, counts);
    const [firstUser] = await tx.select({ id: tables.users.id }).from(tables.users).orderBy(tables.users.id).limit(1);

    return {
      leadStatusIds,
      emailStatusIds: statusRows.filter((row) => row.class === 'email').map((row) => row.id),
      phoneStatusIds: statusRows.filter((row) => row.class === 'phone').map((row) => row.id),
      profiles,
      sources,
      affiliateCompanyIds: [...companyIds.values()],
      departments,
      tagIds,
      userId: firstUser?.id ?? null,
    };
  });
}

async function ensureExportSetting(tx: Tx, counts: Record<DemoTable, number>): Promise<void> {
  const table = tables.exportSettings;
  const [existing] = await tx.select({ id: table.id }).from(table).where(eq(table.name, demoExportSetting.name)).limit(1);
  if (existing) return;
  await tx.insert(table).values({ name: demoExportSetting.name, columns: [...demoExportSetting.columns] });
  counts.export_settings += 1;
}

async function ensureBlacklist(tx: Tx, counts: Record<DemoTable, number>): Promise<void> {
  const inserted = await tx
    .insert(tables.blacklist)
    .values([...demoBlacklist])
    .onConflictDoNothing()
    .returning({ id: tables.blacklist.id });
  counts.blacklist += inserted.length;
}

async function ensureAffiliateCompanies(tx: Tx, counts: Record<DemoTable, number>): Promise<Map<string, number>> {
  const table = tables.affiliateCompanies;
  const inserted = await tx
    .insert(table)
    .values(affiliateCompanyNames.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: table.id });
  counts.affiliate_companies += inserted.length;
  const rows = await tx.select({ id: table.id, name: table.name }).from(table).where(inArray(table.name, affiliateCompanyNames));
  return new Map(rows.map((row) => [row.name, row.id]));
}

async function ensureSources(tx: Tx, companyIds: ReadonlyMap<string, number>, counts: Record<DemoTable, number>): Promise<DemoReference['sources']> {
  const table = tables.sources;
  const values = sourceSeeds.map((source) => {
    const companyName = source.company === null ? undefined : affiliateCompanyNames[source.company];
    return { name: source.name, affiliate_company_id: companyName === undefined ? null : idOf(companyIds, companyName) };
  });
  const inserted = await tx.insert(table).values(values).onConflictDoNothing().returning({ id: table.id });
  counts.sources += inserted.length;
  const rows = await tx
    .select({ id: table.id, affiliateCompanyId: table.affiliate_company_id })
    .from(table)
    .where(
      inArray(
        table.name,
        sourceSeeds.map((source) => source.name),
      ),
    )
    .orderBy(table.id);
  return rows;
}

async function ensureTags(tx: Tx, counts: Record<DemoTable, number>): Promise<number[]> {
  const table = tables.tags;
  const inserted = await tx
    .insert(table)
    .values(tagNames.map((name) => ({ name })))
    .onConflictDoNothing()
    .returning({ id: table.id });
  counts.tags += inserted.length;
  const rows = await tx.select({ id: table.id }).from(table).where(inArray(table.name, tagNames)).orderBy(table.id);
  return rows.map((row) => row.id);
}

/** A few sources hand out weighted random statuses, as the intake does for leads arriving without one. */
async function ensureSourceRandomStatuses(tx: Tx, sources: DemoReference['sources'], leadStatusIds: number[], counts: Record<DemoTable, number>): Promise<void> {
  const weights = [60, 30, 10];
  const values = sources
    .slice(0, 3)
    .flatMap((source, index) => leadStatusIds.slice(index, index + 3).map((statusId, position) => ({ source_id: source.id, status_id: statusId, weight: weights[position] ?? 10 })));
  if (values.length === 0) return;
  const inserted = await tx.insert(tables.sourceRandomStatuses).values(values).onConflictDoNothing().returning({ id: tables.sourceRandomStatuses.id });
  counts.source_random_statuses += inserted.length;
}
