import { Agent, request } from 'node:http';
import { leadSearchQuery } from '@crm/shared/contract';
import { openDatabase } from '../db/database.ts';
import { runLeadSearchDirectly } from '../modules/leads/search/index.ts';
const address = 'http://127.0.0.1:4555';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/bench_leads_1000000', poolSize: 4 });
const login = await fetch(`${address}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'bench@example.com', password: 'bench-leads-password-1' }) });
const token = ((await login.json()) as { data: { access_token: string } }).data.access_token;
const agent = new Agent({ keepAlive: true, maxSockets: 1 });
const get = (url: string) => new Promise<number>((resolve, reject) => { const r = request(url, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => { let b = ''; res.setEncoding('utf8'); res.on('data', (c: string) => (b += c)); res.on('end', () => resolve(res.statusCode ?? 0)); }); r.on('error', reject); r.end(); });
const time = async (f: () => Promise<unknown>) => { const t = performance.now(); await f(); return performance.now() - t; };
const s: Record<string, number[]> = { sql: [], api: [], notFound: [], select1: [] };
const q = leadSearchQuery.parse({});
for (let i = 0; i < 300; i++) {
  s.sql!.push(await time(() => runLeadSearchDirectly(database.pool, q)));
  s.api!.push(await time(() => get(`${address}/api/lead`)));
  s.notFound!.push(await time(() => get(`${address}/api/nope`)));
  s.select1!.push(await time(() => database.pool.query('select 1')));
}
const pct = (v: number[], f: number) => [...v].sort((a, b) => a - b)[Math.ceil(f * v.length) - 1]!.toFixed(2);
for (const [k, v] of Object.entries(s)) console.log(k.padEnd(10), 'p50', pct(v, 0.5), 'p95', pct(v, 0.95));
agent.destroy(); await database.close();
