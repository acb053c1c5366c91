import type { TFunction } from 'i18next';
import type { RequestLogSummary } from '@crm/shared/contract';

/** The integration a request was made for: by name, by its id once it has been deleted, null for a request made for none. */
export function integrationLabel(request: Pick<RequestLogSummary, 'send_integration_id' | 'send_integration_name'>, t: TFunction): string | null {
  if (request.send_integration_id === null) return null;
  return request.send_integration_name ?? t('settings:requests.deletedIntegration', { id: request.send_integration_id });
}
