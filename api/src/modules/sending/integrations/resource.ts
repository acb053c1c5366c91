/**
 * Send integrations (`send/integration/search`) as a resource, and the decrypted view the send engine uses.
 * Secrets are sealed before they are written and only ever leave the API masked: omitted in a write keeps the
 * stored one, null or '' clears it, text replaces it. A changed login forgets the cached token-exchange token.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { crudPermissions, integrationBodies, integrationItem, integrationSecretFields, middlewareNames, type IntegrationSecretField } from '@crm/shared/contract';
import { sendIntegrations } from '../../../db/schema/index.ts';
import { invalid } from '../../../http/errors.ts';
import type { Executor } from '../../../db/database.ts';
import type { ResourceDefinition, Row } from '../../../http/resource.ts';
import { normalizedAddresses } from '../../brokers/addresses.ts';
import { departmentsByIntegration, itemWithKeysOf } from '../../brokers/relations.ts';
import { rowIds } from '../../../http/rows.ts';
import type { IntegrationConfig } from '../adapters/types.ts';
import type { SecretBox } from '../secrets.ts';
import { integrationRuleErrors, mergedIntegration, readResponseContent } from './rules.ts';

/** Where a broker posts status and FTD changes for this integration (relative to the API's origin). */
const postbackPath = (id: number): string => `/api/send/integration/${id}/postback`;

/** Fields whose change means the cached token-exchange token was got with another login. */
const loginFields = ['auth_type', 'token_url', 'username', 'password'] as const;

/** The plain secret, or null when there is none or it cannot be opened (sealed with another key). */
function openOrNull(secrets: SecretBox, sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null;
  try {
    return secrets.open(sealed);
  } catch {
    return null;
  }
}

/** What a stored value that cannot be opened shows: that there is one, nothing of it. */
const unreadableMask = '••••';

/** Masked for the browser; null when there is none. */
function maskedSecret(secrets: SecretBox, sealed: unknown): string | null {
  if (typeof sealed !== 'string') return null;
  return secrets.mask(openOrNull(secrets, sealed)) ?? unreadableMask;
}

function columnValues(secrets: SecretBox, body: Row, existing: Row | null): Row {
  const values: Row = { ...body };
  for (const field of integrationSecretFields) {
    const value = body[field];
    if (value !== undefined) values[field] = typeof value === 'string' && value !== '' ? secrets.seal(value) : null;
  }
  const addresses = z.array(z.string()).optional().parse(body['allowed_ips']);
  if (addresses) values['allowed_ips'] = normalizedAddresses(addresses, 'allowed_ips');
  // A password in the body always counts as a change: the stored one is sealed, so it cannot be compared.
  const loginChanged = existing !== null && loginFields.some((field) => body[field] !== undefined && body[field] !== existing[field]);
  if (loginChanged && body['access_token'] === undefined) values['access_token'] = null;
  if (values['access_token'] !== undefined) values['access_token_expires_at'] = null;
  return values;
}

export function integrationResource(secrets: SecretBox): ResourceDefinition {
  const pickItem = itemWithKeysOf(integrationItem);
  return {
    path: '/send/integration',
    name: 'Send integration',
    table: sendIntegrations,
    permissions: crudPermissions('send.integration'),
    ...integrationBodies,
    item: integrationItem,
    toItem(row) {
      const masked = Object.fromEntries(integrationSecretFields.map((field) => [field, maskedSecret(secrets, row[field])]));
      return pickItem({ ...row, ...masked, response_content: readResponseContent(row['response_content']), postback_url: postbackPath(Number(row['id'])) });
    },
    searchable: [sendIntegrations.name, sendIntegrations.site_url],
    sortable: { name: sendIntegrations.name, created_at: sendIntegrations.created_at },
    defaultSort: 'name',
    filters: {
      middleware: { column: sendIntegrations.middleware, schema: z.enum(middlewareNames) },
      is_active: { column: sendIntegrations.is_active, schema: z.stringbool() },
    },
    unique: [{ field: 'name', columns: [sendIntegrations.name], message: 'A send integration with this name already exists.' }],
    messages: { created: 'Send integration successfully created', updated: 'Send integration successfully updated', deleted: 'Send integration successfully deleted' },
    hooks: {
      async withRelated(executor, rows) {
        const departments = await departmentsByIntegration(executor, rowIds(rows));
        return rows.map((row) => ({ ...row, departments: departments.get(Number(row['id'])) ?? [] }));
      },
      async toValues(body, existing) {
        const errors = integrationRuleErrors(mergedIntegration(body, existing));
        if (Object.keys(errors).length > 0) throw invalid(errors);
        return columnValues(secrets, body, existing);
      },
    },
  };
}

/** The integration with its secrets opened, for the send engine; null when there is no such integration. */
export async function loadIntegrationConfig(db: Executor, secrets: SecretBox, id: number): Promise<IntegrationConfig | null> {
  return (await loadIntegrationConfigs(db, secrets, [id])).get(id) ?? null;
}

/** Many integrations in one statement (a distribution batch meets every integration of its candidates), by id. */
export async function loadIntegrationConfigs(db: Executor, secrets: SecretBox, ids: readonly number[]): Promise<Map<number, IntegrationConfig>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select()
    .from(sendIntegrations)
    .where(inArray(sendIntegrations.id, [...new Set(ids)]));
  return new Map(rows.map((row) => [row.id, configOf(secrets, row)]));
}

function configOf(secrets: SecretBox, row: typeof sendIntegrations.$inferSelect): IntegrationConfig {
  const { created_at: _created, updated_at: _updated, last_pulled_at: _pulled, is_active: _active, ...columns } = row;
  const open = (sealed: string | null) => openOrNull(secrets, sealed);
  // Typed by the contract's list, so a secret added there cannot reach the engine still sealed.
  const opened: Record<IntegrationSecretField, string | null> = {
    password: open(row.password),
    api_token: open(row.api_token),
    access_token: open(row.access_token),
    token: open(row.token),
    api_key: open(row.api_key),
    push_api_key: open(row.push_api_key),
    pull_api_key: open(row.pull_api_key),
    lead_password: open(row.lead_password),
  };
  return { ...columns, ...opened, response_content: readResponseContent(row.response_content) };
}

/** Keeps a token-exchange token (sealed) and when it runs out; not an edit, so `updated_at` stays. */
export async function storeAccessToken(db: Executor, secrets: SecretBox, id: number, token: string, expiresAt: Date): Promise<void> {
  await db
    .update(sendIntegrations)
    // Set to itself, or the column's $onUpdate would stamp the time of every login.
    .set({ access_token: secrets.seal(token), access_token_expires_at: expiresAt, updated_at: sql`${sendIntegrations.updated_at}` })
    .where(eq(sendIntegrations.id, id));
}
