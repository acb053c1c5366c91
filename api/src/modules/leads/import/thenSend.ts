/**
 * An import's "import then send": how the leads module hands the imported leads to a send without knowing the send
 * engine. The sending module provides it; the application wires the two together (api/src/app).
 */
import type { JobRow } from '../../jobs/service.ts';

export type ImportThenSend = {
  /** Refuses the import request (403 / 422) when its leads could not be sent to the department. */
  check(auth: { userId: number; permissions: readonly string[] }, departmentId: number): Promise<void>;
  /** Starts the send of the finished import's leads, once per import however many attempts it took. */
  start(importJob: JobRow, departmentId: number): Promise<JobRow>;
};
