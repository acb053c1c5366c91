/**
 * The broker's postback (`POST|GET /send/integration/{id}/postback`): authenticated by the integration's push key
 * (`key` in the query or an `x-api-key` header, compared in constant time) and, when the integration lists any, by the
 * caller's IP among `allowed_ips`. Every call, refused or not, goes to the request log.
 */
import { timingSafeEqual, createHash } from 'node:crypto';
import type { z } from 'zod';
import type { postbackBody } from '@crm/shared/contract';
import type { Db } from '../../../db/database.ts';
import { HttpError } from '../../../http/errors.ts';
import type { SecretBox } from '../secrets.ts';
import { loadIntegrationConfig } from '../integrations/resource.ts';
import { ipAllowed } from './allowedIps.ts';
import { applyBrokerReport, findReportedLead } from './apply.ts';

export type PostbackInput = { integrationId: number; key: string | null; ip: string; body: z.output<typeof postbackBody> };
export type PostbackResult = { leadId: number; changed: boolean };

const digest = (text: string) => createHash('sha256').update(text).digest();
const sameKey = (given: string, expected: string) => timingSafeEqual(digest(given), digest(expected));

const truthy = (value: boolean | string | undefined) => value === true || value === '1' || value === 'true';

export async function receivePostback(db: Db, secrets: SecretBox, input: PostbackInput): Promise<PostbackResult> {
  const integration = await loadIntegrationConfig(db, secrets, input.integrationId);
  // One answer for an unknown integration, one without a push key, and a wrong key: nothing to probe.
  if (!integration?.push_api_key || !input.key || !sameKey(input.key, integration.push_api_key)) throw new HttpError(401, 'The postback key is not valid.');
  if (integration.allowed_ips.length > 0 && !ipAllowed(input.ip, integration.allowed_ips)) throw new HttpError(403, 'This address may not post back.');
  const { body } = input;
  const ftdAt = body.ftd_at ? new Date(body.ftd_at) : truthy(body.ftd) ? new Date() : null;
  const report = { api_lead_id: body.api_lead_id, lead_id: body.lead_id, email: body.email, status: body.status ?? null, ftd_at: ftdAt, payload: body };
  const target = await findReportedLead(db, integration.id, report);
  if (!target) throw new HttpError(404, 'No lead sent through this integration matches.');
  return { leadId: target.leadId, changed: await applyBrokerReport(db, target, report, 'push') };
}
