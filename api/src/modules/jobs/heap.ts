/**
 * The heap of a process that works jobs. A job holds a batch of rows (read, checked, then committed) for longer than
 * V8's young generation keeps them, so each batch is promoted to the old generation and dies there. By default V8 lets
 * the old generation grow to about four times what survived the last full collection before collecting again: an
 * import whose live heap stays near 95 MB peaked at 570 MB of resident memory. Growing by half instead, full
 * collections come more often and the same import peaks near 300 MB, in the same time (`pnpm bench:import`).
 * It is a growth rate, not a limit: a job that really needs more memory still gets it.
 */
import v8 from 'node:v8';

const jobHeapGrowingPercent = 50;

/** Applied once, when the process starts working jobs (V8 reads it at each full collection). */
export function setJobHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${jobHeapGrowingPercent}`);
}
