import { openDatabase } from '../db/database.ts';
import { buildReport } from '../modules/reports/service.ts';
import { plainReportCounts } from '../modules/reports/plainQuery.ts';
import { rollupReportCounts } from '../modules/reports/rollupQuery.ts';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/reports_dev' });
const today = new Date().toISOString().slice(0,10);
const back = (d: number) => new Date(Date.parse(today) - d*86400000).toISOString().slice(0,10);
for (const [days, g] of [[30, ['affiliate_company','country']], [90, ['department','day']], [7, ['hour']]] as const) {
  for (const [name, c] of [['rollup', rollupReportCounts], ['plain', plainReportCounts]] as const) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) { const t = performance.now(); await buildReport(database.db, { from: back(days - 1), to: today, time_zone: 'Europe/Berlin', group_by: [...g] }, c); times.push(performance.now() - t); }
    console.log(days, g.join(','), name, times.map((t) => t.toFixed(0)).join(' '));
  }
}
await database.close();
