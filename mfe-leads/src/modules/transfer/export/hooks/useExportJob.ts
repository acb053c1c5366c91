/** Follows an export job: live events move it (exportApi.ts); it polls while it runs and the stream is down. */
import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { usePollingFallback } from '@crm/shared';
import { useLeadExportJobQuery } from '../api/exportApi.ts';
import { exportJobState, type ExportJobState } from '../exportRequest.ts';

/** Exports report progress per batch of a few thousand leads: once a second shows it moving without flooding the API. */
const exportPollMs = 1_000;

/** null until the first answer. Mount it keyed by the job id: a new export starts polling afresh. */
export function useExportJob(jobId: number | null): ExportJobState | null {
  const [polling, setPolling] = useState(true);
  const { data } = useLeadExportJobQuery(jobId ?? skipToken, { pollingInterval: usePollingFallback(polling ? exportPollMs : 0) });
  const state = data ? exportJobState(data.data) : null;
  const ended = state !== null && state.kind !== 'running';
  useEffect(() => {
    if (ended) setPolling(false);
  }, [ended]);
  return state;
}
