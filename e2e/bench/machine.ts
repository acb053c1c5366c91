/** The machine a figure was measured on: without it a timing or a ratio cannot be compared. */
import { cpus, loadavg, release, totalmem, type } from 'node:os';

export function machineLine(browserVersion: string): string {
  const cores = cpus();
  const memory = (totalmem() / 1024 ** 3).toFixed(1);
  // The load average says whether something else (another build, a test run) shared the cores.
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
  return [
    `machine: ${cores[0]?.model.trim() ?? 'unknown cpu'}, ${cores.length} cores, ${memory} GiB RAM`,
    `${type()} ${release()}, node ${process.version}, chromium ${browserVersion}, load avg ${load}`,
  ].join('\n         ');
}
