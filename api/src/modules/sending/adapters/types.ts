/**
 * The adapter contract of the send engine: an adapter turns an integration and a lead into the HTTP
 * request a broker expects, and the broker's answer into an outcome; a middleware (trackbox, elnopy) does so for a
 * broker with its own format, the generic adapter for the rest. Adapters are pure apart from `HttpCall`, so they are
 * tested without a network; the engine (sending/engine) calls them, logs every call and writes histories.
 */
import type { AuthType, MiddlewareName, PhoneFormat, ResponseContent, ResponseType, SendOutcome } from '@crm/shared/contract';

/** An integration as the engine holds it: every column, secrets decrypted (never leaves the API). */
export type IntegrationConfig = {
  id: number;
  name: string;
  site_url: string;
  token_url: string | null;
  username: string | null;
  password: string | null;
  api_token: string | null;
  /** A cached token-exchange token and its expiry (null: none yet, or expired). */
  access_token: string | null;
  access_token_expires_at: Date | null;
  auth_type: AuthType;
  response_type: ResponseType;
  response_content: ResponseContent;
  tag: string | null;
  token: string | null;
  affiliate_id: string | null;
  register_lead: boolean;
  register_client: boolean;
  is_lead: boolean;
  brand_id: string | null;
  campaign_id: string | null;
  lead_password: string | null;
  push_api_key: string | null;
  pull_api_key: string | null;
  link_id: string | null;
  send_a_lot: boolean;
  allowed_ips: string[];
  is_sender: boolean;
  gmt_timezone: string;
  api_key: string | null;
  middleware: MiddlewareName | null;
  phone_format: PhoneFormat;
  concurrency: number;
  timeout_seconds: number;
};

/** The lead fields an adapter may send. `phone` is E.164 (`phone_normalized`) or null. */
export type LeadToSend = {
  id: number;
  lead_id: string;
  name: string | null;
  surname: string | null;
  email: string | null;
  phone: string | null;
  country: string | null;
  language: string | null;
  ip: string | null;
  funnel: string | null;
  source: string | null;
  comment: string | null;
};

import type { HttpRequest, HttpResponse } from '../../../net/httpCall.ts';
export { NetworkError, type HttpCall, type HttpRequest, type HttpResponse } from '../../../net/httpCall.ts';

/** What the lead's send produced besides the outcome: the password the broker got (when generated or returned). */
export type SendResult = SendOutcome & { lead_password: string | null };

/** A broker's report on one lead, from a pull: matched by the broker's id or the email. */
type PulledLead = { api_lead_id: string | null; email: string | null; status: string | null; ftd_at: Date | null; payload: unknown };

/** A pull window in UTC; adapters write it in the broker's `gmt_timezone`. */
export type PullWindow = { from: Date; to: Date };

/**
 * One broker format. `buildRequest` may be called with a token from `exchangeToken` (token_exchange auth).
 * `pullRequests` pages: it is called with page 1, 2, … until `readPull` says there is no next page.
 */
export type Adapter = {
  buildRequest(integration: IntegrationConfig, lead: LeadToSend, password: string): HttpRequest;
  readResponse(integration: IntegrationConfig, response: HttpResponse): SendResult;
  /** Null when this adapter cannot pull (no pull key, or the format has no pull). */
  pullRequest(integration: IntegrationConfig, window: PullWindow, page: number): HttpRequest | null;
  /** `window` and `page` are those of the request: an FTD without a date falls back to `window.to`; paging needs the page. */
  readPull(integration: IntegrationConfig, response: HttpResponse, window: PullWindow, page: number): { leads: PulledLead[]; hasMore: boolean };
};
