/** The adapter of each broker format: the integration's `middleware`, or the generic JSON adapter when it has none. */
import type { MiddlewareName } from '@crm/shared/contract';
import { elnopyAdapter } from './elnopy.ts';
import { genericAdapter } from './generic.ts';
import { trackboxAdapter } from './trackbox.ts';
import type { Adapter, IntegrationConfig } from './types.ts';

export const adapters: Record<'generic' | MiddlewareName, Adapter> = {
  generic: genericAdapter,
  trackbox: trackboxAdapter,
  elnopy: elnopyAdapter,
};

export function adapterFor(integration: Pick<IntegrationConfig, 'middleware'>): Adapter {
  return adapters[integration.middleware ?? 'generic'];
}
