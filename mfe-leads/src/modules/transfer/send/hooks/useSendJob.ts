/**
 * Follows a send job: live events move it (sendApi.ts), and it polls while it runs and the stream is down; once it has
 * ended (or cannot be read) it stops, and refetches what a send changes (the leads, their histories, the jobs).
 */
import { useEffect, useState } from 'react';
import { useAppDispatch, usePollingFallback } from '@crm/shared';
import type { Job } from '@crm/shared/contract';
import { refreshSentLeads, useLeadSendJobQuery } from '../api/sendApi.ts';
import { sendJobState, type SendJobState } from '../sendRequest.ts';

/** A send moves lead by lead at the brokers' pace: once a second shows it moving without flooding the API. */
const sendPollMs = 1_000;

export type FollowedSend = { job: Job; state: SendJobState; /** The job could not be read any more (deleted, network). */ unfollowable: boolean };

/** Mount it keyed by the job id: a new send starts polling afresh. `started` is the job as the POST answered. */
export function useSendJob(started: Job): FollowedSend {
  const dispatch = useAppDispatch();
  const [polling, setPolling] = useState(true);
  const read = useLeadSendJobQuery(started.id, { pollingInterval: usePollingFallback(polling ? sendPollMs : 0), skipPollingIfUnfocused: false });
  const job = read.data?.data ?? started;
  const state = sendJobState(job);
  const ended = state.kind !== 'running';
  const unfollowable = read.isError && !read.data;

  useEffect(() => {
    if (ended || unfollowable) setPolling(false);
  }, [ended, unfollowable]);
  useEffect(() => {
    if (ended) dispatch(refreshSentLeads());
  }, [ended, dispatch]);

  return { job, state, unfollowable };
}
