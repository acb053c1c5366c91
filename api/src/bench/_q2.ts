import { openDatabase } from '../db/database.ts';
import { buildReport } from '../modules/reports/service.ts';
const database = await openDatabase({ url: 'postgres://postgres@127.0.0.1:5432/reports_dev' });
const today = new Date().toISOString().slice(0,10);
const back = (d: number) => new Date(Date.parse(today) - d*86400000).toISOString().slice(0,10);
for (let i = 0; i < 3; i++) { const t = performance.now(); await buildReport(database.db, { from: back(29), to: today, time_zone: 'Europe/Berlin', group_by: ['affiliate_company','country'] }); console.log(performance.now() - t); }
await database.close();
