/** Demo lead rows, generated in batches from the reference data and the country profiles. */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { leadColumns, type Cell, type LeadBatch, type LeadColumn, type LeadGenerator, type LeadRow } from './columns.ts';
import type { CountryProfile } from './countries.ts';
import { addressFor, emailFor, fillTemplate, pad2 } from './leadFields.ts';
import { brokerStatuses, cardTypes, day, ftdStatus, funnels, productNames, purchaseSites } from './lists.ts';
import { pickDistinct, type Random } from './random.ts';
import type { DemoReference } from './reference.ts';

/** Demo public ids: `D` + 10 digits, continuing after the highest one already stored so reruns never collide. */
const leadIdPattern = '^D[0-9]{10}$';
const formatLeadId = (sequence: number): string => `D${String(sequence).padStart(10, '0')}`;

export async function createGenerator(db: Db, reference: DemoReference, random: Random): Promise<LeadGenerator> {
  const result = await db.execute<{ last: number | null }>(sql`select max(substring(lead_id from 2)::bigint) as last from leads where lead_id ~ ${leadIdPattern}`);
  let sequence = Number(result.rows[0]?.last ?? 0);
  const now = Date.now();
  const cumulative: number[] = [];
  let weightSum = 0;
  for (const profile of reference.profiles) cumulative.push((weightSum += profile.weight));
  const pickProfile = (): CountryProfile => {
    const target = random.next() * weightSum;
    const index = cumulative.findIndex((bound) => target < bound);
    return reference.profiles[index] ?? random.pick(reference.profiles);
  };

  return {
    nextBatch(size) {
      const columns = Object.fromEntries(leadColumns.map((column) => [column, new Array<Cell>(size)])) as Record<LeadColumn, Cell[]>;
      const tags: LeadBatch['tags'] = { leadIds: [], tagIds: [] };
      const firstLeadId = formatLeadId(sequence + 1);
      for (let index = 0; index < size; index++) {
        sequence += 1;
        const leadId = formatLeadId(sequence);
        const row = generateLead(random, reference, pickProfile(), sequence, leadId, now);
        for (const column of leadColumns) columns[column][index] = row[column];
        if (reference.tagIds.length > 0 && random.chance(0.4)) {
          for (const tagId of pickDistinct(random, reference.tagIds, 1 + random.int(3))) {
            tags.leadIds.push(leadId);
            tags.tagIds.push(tagId);
          }
        }
      }
      return { size, firstLeadId, lastLeadId: formatLeadId(sequence), columns, tags };
    },
  };
}

function generateLead(random: Random, reference: DemoReference, profile: CountryProfile, sequence: number, leadId: string, now: number): LeadRow {
  const first = random.pick(profile.names.first);
  const last = random.pick(profile.names.last);
  const createdAt = Math.floor(now - random.next() * 90 * day);

  let national = random.pick(profile.mobilePrefixes);
  while (national.length < profile.nationalLength) national += String(random.int(10));
  const phone = `+${profile.callingCode}${national}`;

  const statuses = reference.leadStatusIds;
  const originalIndex = random.int(statuses.length);
  const changed = statuses.length > 1 && random.chance(0.2);
  const statusIndex = changed ? (originalIndex + 1 + random.int(statuses.length - 1)) % statuses.length : originalIndex;
  const statusChangedAt = changed ? Math.floor(createdAt + random.next() * (now - createdAt)) : createdAt;

  const source = random.pick(reference.sources);
  const affiliateCompanyId = source.affiliateCompanyId ?? (random.chance(0.5) ? random.pick(reference.affiliateCompanyIds) : null);

  const purchased = random.chance(0.15);
  const purchaseCents = purchased ? (250 + random.int(24_750)) * 100 : 0;

  const sent = reference.departments.length > 0 && random.chance(0.3);
  const sentAt = sent ? Math.floor(createdAt + random.next() * Math.min(now - createdAt, 2 * day)) : null;
  const delivered = sent && random.chance(0.85);
  const ftdAt = delivered && sentAt !== null && random.chance(0.12) ? Math.floor(sentAt + random.next() * (now - sentAt)) : null;
  const brokerStatus = delivered ? (ftdAt === null ? random.pick(brokerStatuses) : ftdStatus) : null;

  return {
    lead_id: leadId,
    name: first,
    surname: last,
    email: emailFor(random, first, last, sequence),
    phone,
    phone_prefix: profile.callingCode,
    phone_normalized: phone,
    address: random.chance(0.7) ? addressFor(random, profile) : null,
    city: random.pick(profile.cities),
    zip: profile.zip === null ? null : fillTemplate(random, profile.zip),
    country: profile.iso2,
    date_of_birth: random.chance(0.6) ? `${1950 + random.int(54)}-${pad2(1 + random.int(12))}-${pad2(1 + random.int(28))}` : null,
    language: profile.language !== 'en' && random.chance(0.1) ? 'en' : profile.language,
    funnel: random.pick(funnels),
    source_id: source.id,
    affiliate_company_id: affiliateCompanyId,
    status_id: statuses[statusIndex] ?? null,
    original_status_id: statuses[originalIndex] ?? null,
    status_changed_at: statusChangedAt,
    live_status: brokerStatus,
    email_status_id: reference.emailStatusIds.length > 0 && random.chance(0.4) ? random.pick(reference.emailStatusIds) : null,
    phone_status_id: reference.phoneStatusIds.length > 0 && random.chance(0.4) ? random.pick(reference.phoneStatusIds) : null,
    purchase_site: purchased ? random.pick(purchaseSites) : null,
    purchase_date: purchased ? Math.floor(createdAt - (30 + random.int(700)) * day) : null,
    purchase_amount: purchased ? (purchaseCents / 100).toFixed(2) : null,
    recovery_amount: purchased && random.chance(0.3) ? ((purchaseCents * (0.1 + random.next() * 0.6)) / 100).toFixed(2) : null,
    product_name: purchased ? random.pick(productNames) : null,
    card_name: purchased ? `${first} ${last}`.toUpperCase() : null,
    card_type: purchased ? random.pick(cardTypes) : null,
    card_digits: purchased ? String(random.int(10_000)).padStart(4, '0') : null,
    deposit_exists: purchased || ftdAt !== null,
    api_lead_id: delivered ? String(40_000_000 + sequence * 3 + random.int(3)) : null,
    api_ftd_at: ftdAt,
    api_lead_status: brokerStatus,
    api_client_id: delivered && random.chance(0.5) ? `C${700_000 + sequence}` : null,
    is_fresh: !delivered,
    last_broker_department_id: sent ? random.pick(reference.departments).id : null,
    last_sent_at: sentAt,
    created_at: createdAt,
    updated_at: Math.max(createdAt, statusChangedAt, sentAt ?? 0, ftdAt ?? 0),
  };
}
