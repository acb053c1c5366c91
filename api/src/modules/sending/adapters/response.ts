/**
 * The generic response rules: `response_type` judges success, `response_content` paths pick the
 * broker's lead id, autologin and client URLs and its error text. Failure statuses are a small stable set
 * (`HTTP <status>` and those below) plus the broker's own error text, so the send-history filter stays short.
 */
import type { SendOutcome } from '@crm/shared/contract';
import { isSuccessStatus, parseJson } from './encode.ts';
import { textAt } from './jsonPath.ts';
import type { HttpResponse, IntegrationConfig } from './types.ts';

export const failureStatuses = {
  rejected: 'Rejected by broker',
  unreadable: 'Unreadable response',
  ruleIncomplete: 'Response rule incomplete',
} as const;

const maxFailureStatusLength = 255;

export function httpFailure(status: number): string {
  return `HTTP ${status}`;
}

/** The broker's own error text, trimmed and cut to fit; null when blank. */
export function brokerErrorText(text: string | null): string | null {
  const trimmed = text?.trim() ?? '';
  return trimmed === '' ? null : trimmed.slice(0, maxFailureStatusLength);
}

export function failedOutcome(failureStatus: string): SendOutcome {
  return { success: false, failure_status: failureStatus, api_lead_id: null, lead_url: null, client_url: null };
}

export function readOutcome(integration: IntegrationConfig, response: HttpResponse): SendOutcome {
  if (!isSuccessStatus(response.status)) return failedOutcome(httpFailure(response.status));
  const content = integration.response_content;
  const reply = parseJson(response.body);
  const json = reply.readable ? reply.json : undefined;
  const rejected = (): SendOutcome => failedOutcome(brokerErrorText(textAt(json, content.error_path)) ?? failureStatuses.rejected);

  switch (integration.response_type) {
    case 'http_2xx':
      break;
    case 'json_path_equals':
      if (content.success_path === undefined || content.success_value === undefined) return failedOutcome(failureStatuses.ruleIncomplete);
      if (!reply.readable) return failedOutcome(failureStatuses.unreadable);
      if (textAt(json, content.success_path) !== content.success_value) return rejected();
      break;
    case 'body_contains':
      if (content.body_contains === undefined) return failedOutcome(failureStatuses.ruleIncomplete);
      if (!response.body.includes(content.body_contains)) return rejected();
      break;
  }
  return {
    success: true,
    failure_status: null,
    api_lead_id: textAt(json, content.lead_id_path),
    lead_url: textAt(json, content.autologin_path),
    client_url: textAt(json, content.client_url_path),
  };
}
