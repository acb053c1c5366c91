/**
 * A circuit breaker per integration: after `threshold` failures in a row (network errors and 5xx, the broker being
 * down) it opens for `coolDownMs`, and every send fails fast instead of waiting on a dead broker; then one trial call
 * is let through (half-open), and its success closes the circuit. In memory, per worker process.
 */
export type BreakerOptions = { threshold: number; coolDownMs: number; now?: () => number };

type State = { failures: number; openedAt: number | null; trialRunning: boolean };

export class CircuitBreakers {
  private readonly states = new Map<number, State>();
  private readonly now: () => number;

  constructor(private readonly options: BreakerOptions) {
    this.now = options.now ?? Date.now;
  }

  private stateOf(integrationId: number): State {
    let state = this.states.get(integrationId);
    if (!state) {
      state = { failures: 0, openedAt: null, trialRunning: false };
      this.states.set(integrationId, state);
    }
    return state;
  }

  /** May a call go out now? While open it may not; after the cool-down, one trial call may. */
  allows(integrationId: number): boolean {
    const state = this.stateOf(integrationId);
    if (state.openedAt === null) return true;
    if (this.now() - state.openedAt < this.options.coolDownMs || state.trialRunning) return false;
    state.trialRunning = true;
    return true;
  }

  succeeded(integrationId: number): void {
    this.states.set(integrationId, { failures: 0, openedAt: null, trialRunning: false });
  }

  /** A failure that says the broker is unwell (network error, 5xx); a refused lead is not one. */
  failed(integrationId: number): void {
    const state = this.stateOf(integrationId);
    state.failures += 1;
    state.trialRunning = false;
    if (state.openedAt !== null || state.failures >= this.options.threshold) state.openedAt = this.now();
  }

  /** Until when calls fail fast (null: one may go now); reads only, so a trial call is not used up by asking. */
  openUntil(integrationId: number): Date | null {
    const state = this.stateOf(integrationId);
    if (state.openedAt === null) return null;
    const until = state.openedAt + this.options.coolDownMs;
    if (this.now() < until) return new Date(until);
    return state.trialRunning ? new Date(this.now()) : null;
  }

  isOpen(integrationId: number): boolean {
    return this.stateOf(integrationId).openedAt !== null;
  }
}
