/**
 * bench:distribution's console, set up through the API as staff would: ten departments, each sending to its own fake
 * broker on loopback (50 ms latency) — the first refuses every 10th lead, the second answers 502 to its first posts,
 * the third has a daily cap reached mid-run, the fifth a cap for AT — and two rules: DE leads over all ten in one tier,
 * AT leads to the fifth, failing over to the sixth and seventh. FR leads match no rule (NO_RULE).
 */
import { benchAdmin } from './apiProcess.ts';
import { startBrokerHost, type BrokerHost, type BrokerRecord } from './brokerHost.ts';

export type Desk = { id: number; concurrency: number };
/** `brokers`: the desks' fake brokers (in desk order), in a process of their own. */
export type Console = { desks: Desk[]; brokers: BrokerHost; call: (method: string, path: string, body?: unknown) => Promise<unknown> };

export const brokerLatencyMs = 50;
export const departmentCount = 10;
/** The third department's day cap and the fifth's AT cap. */
export const caps = { dayOfThird: 1_500, austriaOfFifth: 150 } as const;
/**
 * #2 answers 502 to its first posts, as many as open its circuit (5 in a row): it is out for the 30 s cool-down, and the
 * trial after it closes the circuit. With 10, each trial used up one more and #2 was out for 150 s: the whole run.
 */
export const failingPosts = 5;
/** #1 refuses every this-many-th lead. */
const refusedEvery = 10;
const noConditions = { affiliate_company_ids: [], source_ids: [], languages: [], funnels: [], sub1: [], sub2: [], sub3: [], sub4: [], sub5: [] };

export async function setUpConsole(api: string, concurrency: number): Promise<Console> {
  const login = await fetch(`${api}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(benchAdmin) });
  const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
  const call = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const response = await fetch(`${api}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return text ? (JSON.parse(text) as { data?: unknown }).data : null;
  };
  const created = async (path: string, body: unknown) => ((await call('POST', path, body)) as { id: number }).id;

  const brokerId = await created('/broker', { name: 'Bench Broker' });
  const brokers = await startBrokerHost(
    Array.from({ length: departmentCount }, (_, index) => ({
      latencyMs: brokerLatencyMs,
      ...(index === 0 && { rejectEvery: refusedEvery }),
      ...(index === 1 && { failFirst: { count: failingPosts, status: 502 } }),
    })),
  );
  const desks: Desk[] = [];
  for (const [index, url] of brokers.urls.entries()) {
    const integrationId = await created('/send/integration', {
      name: `Bench integration ${index + 1}`,
      send_a_lot: true,
      concurrency,
      site_url: `${url}/leads`,
      response_type: 'json_path_equals',
      response_content: { success_path: 'status', success_value: 'ok', lead_id_path: 'data.lead_id', autologin_path: 'data.autologin_url', error_path: 'message' },
    });
    const id = await created('/broker/department', { broker_id: brokerId, branch_name: `Bench desk ${index + 1}`, send_integration_id: integrationId });
    desks.push({ id, concurrency });
  }
  const desk = (position: number): Desk => {
    const found = desks[position - 1];
    if (!found) throw new Error(`no department ${position}`);
    return found;
  };
  const noCap = { week: null, month: null, total: null };
  await call('PUT', `/broker/department/${desk(3).id}/caps`, { refusals_count: false, pacing_per_hour: null, caps: [{ country: null, day: caps.dayOfThird, ...noCap }] });
  await call('PUT', `/broker/department/${desk(5).id}/caps`, { refusals_count: false, pacing_per_hour: null, caps: [{ country: 'AT', day: caps.austriaOfFifth, ...noCap }] });
  await created('/distribution/rules', {
    name: 'Germany',
    is_enabled: true,
    ...noConditions,
    countries: ['DE'],
    tiers: [{ departments: desks.map((entry) => ({ department_id: entry.id, weight: 1 })) }],
  });
  await created('/distribution/rules', {
    name: 'Austria',
    is_enabled: true,
    ...noConditions,
    countries: ['AT'],
    tiers: [{ departments: [{ department_id: desk(5).id, weight: 1 }] }, { departments: [desk(6), desk(7)].map((entry) => ({ department_id: entry.id, weight: 1 })) }],
  });
  return { desks, brokers, call };
}

/** Closes a department for the rest of the day (UTC), as staff would in its hours: a closed date. */
export async function closeForToday(console: Console, desk: Desk): Promise<void> {
  const today = new Date().toISOString().slice(0, 10);
  await console.call('PUT', `/broker/department/${desk.id}/hours`, { time_zone: 'UTC', windows: [], closed_dates: [today] });
}

/**
 * The deliveries/s the departments able to take leads allowed over `[from, to]` (epoch ms): each department's
 * concurrency ÷ latency while it could — #1 delivers 9 leads of 10, #2 only after its circuit's cool-down (its first
 * delivery), #3 until its day cap was full (`thirdFull`: its counter; then its last lead, which may come before its
 * 1,500th: the calls the killed worker had reserved and not made count, as the broker may have them), #4 until it
 * closed. The bound of the issue counts all ten for the whole run.
 */
export function openCapacity(console: Console, records: readonly BrokerRecord[], window: { from: number; to: number }, events: { closedAt: number | null; thirdFull: boolean }): number {
  const { from, to } = window;
  const receivedAt = (index: number, position: number) => records[index]?.received[position]?.at ?? to;
  const windowOf = (index: number): [number, number] => {
    if (index === 1) return [receivedAt(index, 0), to];
    if (index === 2) return [from, events.thirdFull ? receivedAt(index, (records[index]?.received.length ?? 0) - 1) : to];
    if (index === 3) return [from, events.closedAt ?? to];
    return [from, to];
  };
  const perDesk = console.desks.map((desk, index) => {
    const [opens, closes] = windowOf(index);
    const share = index === 0 ? 1 - 1 / refusedEvery : 1;
    const open = Math.max(0, Math.min(to, closes) - Math.max(from, opens));
    return ((desk.concurrency * 1000) / brokerLatencyMs) * share * open;
  });
  return perDesk.reduce((sum, value) => sum + value, 0) / Math.max(1, to - from);
}
