/** What a broker call's result means for automatic distribution: the attempt's outcome and its verdict. */
import { engineFailures, type LeadAttempt } from '../sending/engine/sendLead.ts';
import type { Verdict } from './candidates.ts';
import type { AttemptOutcome } from './capSlots.ts';

export function classify(attempt: LeadAttempt): { outcome: AttemptOutcome; verdict: Verdict } {
  const { result, response } = attempt;
  if (result.success) return { outcome: 'delivered', verdict: { code: 'DELIVERED', detail: result.api_lead_id ? `delivered (broker lead id ${result.api_lead_id})` : 'delivered' } };
  const status = result.failure_status ?? '';
  if (status === engineFailures.timeout)
    return { outcome: 'timeout', verdict: { code: 'TIMEOUT', detail: `no answer in ${(attempt.durationMs / 1000).toFixed(1)} s: the broker may have the lead` } };
  if (status === engineFailures.circuitOpen) return { outcome: 'error', verdict: { code: 'CIRCUIT_OPEN', detail: 'circuit open' } };
  if (response === null || response.status >= 500) {
    return { outcome: 'error', verdict: { code: 'BROKER_ERROR', detail: `broker error: ${response ? `HTTP ${response.status}` : status || 'no answer'}` } };
  }
  return { outcome: 'refused', verdict: { code: 'BROKER_REFUSED', detail: `broker refused: ${status || `HTTP ${response.status}`}` } };
}
