/** The distribution simulator (`/distribution/simulations`): start a simulation job, then follow it. */
import { baseApi, followJob } from '@crm/shared';
import type { Simulation, SimulationBody } from '@crm/shared/contract';

const path = '/distribution/simulations';

const simulationApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    distributionSimulationStart: build.mutation<{ message: string; data: Simulation }, SimulationBody>({
      query: (body) => ({ url: path, method: 'POST', data: body }),
    }),
    distributionSimulation: build.query<{ data: Simulation }, number>({
      query: (id) => ({ url: `${path}/${id}` }),
      onCacheEntryAdded: followJob<{ data: Simulation }>((answer) => answer.data),
    }),
  }),
});

export const { useDistributionSimulationStartMutation, useDistributionSimulationQuery } = simulationApi;
