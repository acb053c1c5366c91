/**
 * Concurrent affiliate calls grouped into one transaction (DESIGN §6, micro-batches): while a batch is being written
 * the calls that arrive wait and go together in the next one, so under load a handful of statements serve dozens of
 * leads, and a lone call goes at once. Each caller is answered only after its batch commits. A batch that fails as a
 * whole is written again call by call, so one bad call never fails its neighbours.
 */
import type { Db } from '../../db/database.ts';
import { receiveAffiliateLeads, type AffiliateAnswer, type AffiliateCall } from './intake.ts';

type Waiting = AffiliateCall & { resolve(answer: AffiliateAnswer): void; reject(error: unknown): void };

/** The most calls one transaction takes: enough to amortize it, few enough to keep the contacts lock brief. */
const maxBatch = 64;

export class AffiliateIntakeQueue {
  private waiting: Waiting[] = [];
  private writing: Promise<void> | null = null;

  constructor(private readonly db: Db) {}

  submit(call: AffiliateCall): Promise<AffiliateAnswer> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ ...call, resolve, reject });
      this.drain();
    });
  }

  /** Resolves once every call submitted so far is answered (the server's close waits for it). */
  async settled(): Promise<void> {
    while (this.writing) await this.writing;
  }

  private drain(): void {
    if (this.writing || this.waiting.length === 0) return;
    const batch = this.waiting.splice(0, maxBatch);
    this.writing = this.write(batch).finally(() => {
      this.writing = null;
      this.drain();
    });
  }

  private async write(batch: Waiting[]): Promise<void> {
    try {
      const answers = await receiveAffiliateLeads(this.db, batch);
      batch.forEach((call, index) => {
        const answer = answers[index];
        if (answer) call.resolve(answer);
        else call.reject(new Error('a batched affiliate call got no answer'));
      });
    } catch (error) {
      if (batch.length === 1) return batch[0]?.reject(error);
      for (const call of batch) {
        await receiveAffiliateLeads(this.db, [call]).then(
          ([answer]) => (answer ? call.resolve(answer) : call.reject(new Error('an affiliate call got no answer'))),
          (single: unknown) => call.reject(single),
        );
      }
    }
  }
}
