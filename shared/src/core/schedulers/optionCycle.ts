/**
 * Background refresh of the option lists: after the first load, the lists the user may load
 * are fetched in a fixed order with 2.5 s between calls, and the cycle starts every 60 s. The last
 * fetch time is stored, and the first cycle waits until 60 s have passed since it. A failed step is
 * logged and the cycle goes on.
 */
import { defaults } from '../runtimeConfig.ts';
import { optionListNames, mayLoadOption, type OptionListName } from '../store/options.ts';

export const lastOptionFetchKey = 'crm.options.lastFetch';

export type OptionCycleOptions = {
  fetch(name: OptionListName): Promise<unknown>;
  permissions(): readonly string[];
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now?: () => number;
  cycleMs?: number;
  stepMs?: number;
};

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function startOptionCycle(options: OptionCycleOptions): { stop(): void } {
  const now = options.now ?? Date.now;
  const cycleMs = options.cycleMs ?? defaults.optionCycleMs;
  const stepMs = options.stepMs ?? defaults.optionStepMs;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function runCycle(): Promise<void> {
    options.storage.setItem(lastOptionFetchKey, String(now()));
    const names = optionListNames.filter((name) => mayLoadOption(name, options.permissions()));
    for (const [index, name] of names.entries()) {
      if (index > 0) await sleep(stepMs);
      // Checked after the pause: a cycle stopped at sign-out must not send one more (tokenless) request.
      if (stopped) return;
      try {
        await options.fetch(name);
      } catch (error) {
        console.error(`option list ${name} failed to refresh`, error);
      }
    }
  }

  function schedule(delayMs: number) {
    timer = setTimeout(() => {
      if (stopped) return;
      const startedAt = now();
      // Cycles start every cycleMs (start to start), however long the steps took.
      void runCycle().finally(() => {
        if (!stopped) schedule(Math.max(0, startedAt + cycleMs - now()));
      });
    }, delayMs);
  }

  const last = Number(options.storage.getItem(lastOptionFetchKey) ?? 0);
  schedule(Math.max(0, last + cycleMs - now()));
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
