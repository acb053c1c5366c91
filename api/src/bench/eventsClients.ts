/**
 * bench:events' clients in the bench process, over node's http (one socket each): streams of `GET /api/events` that
 * note when each job event arrives, and pollers of `GET /api/jobs` every 2 s after each answer (RTK Query's
 * `pollingInterval`, what the jobs page did before the streams) that note what each answer shows.
 */
import { Agent, get, type ClientRequest } from 'node:http';
import { SseReader } from '../dev/sseMessage.ts';

/** Every job event received: the write it reports (its `processed`) and when. */
export type Receipts = { sequence: number[]; at: number[]; stream: number[] };

type JobPayload = { processed: number };

export type OpenedStream = { close(): void; ended(): boolean };

/** Opens a stream with the bearer header; resolves once its `ready` arrived. */
export function openStream(address: string, token: string, index: number, receipts: Receipts): Promise<OpenedStream> {
  return new Promise((resolve, reject) => {
    let ended = false;
    const sse = new SseReader();
    const request: ClientRequest = get(`${address}/api/events`, { agent: false, headers: { authorization: `Bearer ${token}` } }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`GET /api/events answered ${response.statusCode}`));
        return;
      }
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        const at = performance.now();
        for (const message of sse.push(chunk)) {
          if (message.event === 'ready') resolve({ close: () => request.destroy(), ended: () => ended });
          else if (message.event === 'job') {
            receipts.sequence.push((JSON.parse(message.data) as JobPayload).processed);
            receipts.at.push(at);
            receipts.stream.push(index);
          }
        }
      });
      response.on('close', () => (ended = true));
    });
    request.on('error', (error) => {
      ended = true;
      reject(error);
    });
  });
}

/** Runs `open` for indexes 0…count-1, `concurrency` at a time. */
export async function inBatches<T>(count: number, concurrency: number, open: (index: number) => Promise<T>): Promise<T[]> {
  const results: T[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results[index] = await open(index);
      }
    }),
  );
  return results;
}

/** One poller's answers: when each arrived and the `processed` of the user's job it showed. */
export type PollAnswers = { at: number[]; processed: number[]; ms: number[]; failed: number };

type JobsPage = { data: { processed: number }[] };

function getJobs(agent: Agent, address: string, token: string): Promise<number | null> {
  return new Promise((resolve) => {
    const request = get(`${address}/api/jobs?page=1&per_page=20`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve(response.statusCode === 200 ? ((JSON.parse(body) as JobsPage).data[0]?.processed ?? null) : null));
    });
    request.on('error', () => resolve(null));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Polls every `intervalMs` after each answer until `stop()` says so, starting at a random point of the first interval
 * (users do not open the page at one instant). Keep-alive, as a browser would.
 */
export async function poll(address: string, token: string, intervalMs: number, stop: () => boolean, agent: Agent): Promise<PollAnswers> {
  const answers: PollAnswers = { at: [], processed: [], ms: [], failed: 0 };
  await sleep(Math.random() * intervalMs);
  while (!stop()) {
    const sent = performance.now();
    const processed = await getJobs(agent, address, token);
    const at = performance.now();
    if (processed === null) answers.failed += 1;
    else {
      answers.at.push(at);
      answers.processed.push(processed);
      answers.ms.push(at - sent);
    }
    await sleep(intervalMs);
  }
  return answers;
}
