/**
 * The browser tests run in parallel, one stack slot per Playwright worker. A slot has its own API on its own database
 * (one worker's data never meets another's) and its own host server with its own /config.json (a test may rewrite
 * it). The remotes' servers, their variants and the fake broker hold nothing a test changes: the slots share them.
 */
import { join } from 'node:path';
import { repoRoot } from './apps.ts';

/** Workers (and slots): two, one per core of the CI machine kind; E2E_WORKERS overrides. */
export const slotCount = Math.max(1, Number(process.env['E2E_WORKERS'] ?? 2) || 1);

export type Slot = { index: number; apiPort: number; apiBaseUrl: string; hostPort: number; hostOrigin: string; hostConfigFile: string };

export function slotOf(index: number): Slot {
  // Slot 0 keeps the ports `pnpm start` uses (host 3000, API 4000); others are 10 apart (remotes take 3001–3005).
  const apiPort = 4000 + 10 * index;
  const hostPort = 3000 + 10 * index;
  return {
    index,
    apiPort,
    apiBaseUrl: `http://localhost:${apiPort}/api`,
    hostPort,
    hostOrigin: `http://localhost:${hostPort}`,
    hostConfigFile: join(repoRoot, 'e2e', '.stack', `config-${index}.json`),
  };
}

/** This Playwright worker's slot: TEST_PARALLEL_INDEX is 0 … workers - 1, and a restarted worker keeps its index. */
export const workerSlot: Slot = slotOf(Number(process.env['TEST_PARALLEL_INDEX'] ?? 0));
