/** The test action of `send/integration/search` on the one RTK Query api (beside the generic resource calls). */
import { resourceApi } from '@crm/shared/ui';
import type { IntegrationTestRequest, IntegrationTestResult } from '@crm/shared/contract';

const integrationsApi = resourceApi.injectEndpoints({
  endpoints: (build) => ({
    integrationTest: build.mutation<{ data: IntegrationTestResult }, { id: number; body: IntegrationTestRequest }>({
      query: ({ id, body }) => ({ url: `/send/integration/${id}/test`, method: 'POST', data: body }),
      // A token exchange during the test caches a new access token: the list's mask changes.
      invalidatesTags: [{ type: 'Resource', id: '/send/integration' }],
    }),
  }),
});

export const { useIntegrationTestMutation } = integrationsApi;
