/**
 * The broker's postback (`POST|GET /send/integration/{id}/postback`): authenticated by the caller's IP among the
 * integration's `allowed_ips` (when it lists any) and by its push key (`key` in the query or an `x-api-key` header,
 * compared in constant time), both before the body is read, so a caller without a valid key learns nothing of the
 * body's rules. The address is checked first: from an address not allowed, a right key and a wrong one get the same
 * answer. An id that is not one (`abc`, `0x10`, `2147483648`) is an unknown integration.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { z } from 'zod';
import { idParam, type postbackBody } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { HttpError } from '../../../http/errors.ts';
import type { IntegrationConfig } from '../adapters/types.ts';
import type { SecretBox } from '../secrets.ts';
import { loadIntegrationConfig } from '../integrations/resource.ts';
import { ipAllowed } from '../../../net/allowedIps.ts';
import { applyBrokerReport, findReportedLead } from './apply.ts';

/** What a caller presents, as sent: nothing here has been validated yet. */
export type PostbackCaller = { id: unknown; key: unknown; ip: string };
export type PostbackResult = { leadId: number; changed: boolean };

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameKey = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const truthy = (value: boolean | string | undefined) => value === true || value === '1' || value === 'true';

/** The integration the caller may post back to, or a 401 / 403. */
export async function authenticatePostback(db: Db, secrets: SecretBox, caller: PostbackCaller): Promise<IntegrationConfig> {
  const id = idParam.safeParse({ id: caller.id });
  const integration = id.success ? await loadIntegrationConfig(db, secrets, id.data.id) : null;
  const refused = new HttpError(401, 'The postback key is not valid.');
  // One answer for an unknown integration, one without a push key, and a wrong key: nothing to probe.
  if (!integration?.push_api_key) throw refused;
  if (integration.allowed_ips.length > 0 && !ipAllowed(caller.ip, integration.allowed_ips)) throw new HttpError(403, 'This address may not post back.');
  if (typeof caller.key !== 'string' || !sameKey(caller.key, integration.push_api_key)) throw refused;
  return integration;
}

export async function receivePostback(db: Db, integration: IntegrationConfig, body: z.output<typeof postbackBody>): Promise<PostbackResult> {
  const ftdAt = body.ftd_at ? new Date(body.ftd_at) : truthy(body.ftd) ? new Date() : null;
  const report = { api_lead_id: body.api_lead_id, lead_id: body.lead_id, email: body.email, status: body.status ?? null, ftd_at: ftdAt, payload: body };
  const target = await findReportedLead(db, integration.id, report);
  if (!target) throw new HttpError(404, 'No lead sent through this integration matches.');
  return { leadId: target.leadId, changed: await applyBrokerReport(db, target, report, 'push') };
}
