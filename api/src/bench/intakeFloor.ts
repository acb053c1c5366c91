/**
 * bench:intake's floor: a bare Fastify process whose one route inserts the posted lead with a single INSERT (into
 * `bench_floor_leads`, a copy of `leads` with its indexes) and answers 201 — the least an intake can do over the
 * same HTTP and database. `node --import tsx intakeFloor.ts <database url> <port>`; prints FLOOR_READY.
 */
import Fastify from 'fastify';
import pg from 'pg';
import { newLeadId } from '../modules/leads/intake/service.ts';

const [url, port] = process.argv.slice(2);
const pool = new pg.Pool({ connectionString: url, max: 10 });
const app = Fastify({ logger: false });

app.post('/leads', async (request, reply) => {
  const body = request.body as Record<string, string | undefined>;
  const leadId = newLeadId();
  await pool.query('insert into bench_floor_leads (lead_id, name, surname, email, phone, country) values ($1, $2, $3, $4, $5, $6)', [
    leadId,
    body['first_name'] ?? null,
    body['last_name'] ?? null,
    body['email'] ?? null,
    body['phone'] ?? null,
    body['country'] ?? null,
  ]);
  return reply.status(201).send({ status: 'accepted', lead_id: leadId, received_at: new Date().toISOString() });
});

await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('FLOOR_READY');
