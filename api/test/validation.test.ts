import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { publicRoutes } from '../src/http/access.ts';
import { bearer, createTestContext, tableFingerprint, type TestContext } from './helpers.ts';

const concrete = (url: string) => url.replace(':id', '1').replace(':lng', 'en');

function objectShape(schema: unknown): Record<string, z.ZodType> | null {
  let current = schema;
  while (current instanceof z.ZodOptional || current instanceof z.ZodDefault) current = current.unwrap();
  return current instanceof z.ZodObject ? (current.shape as Record<string, z.ZodType>) : null;
}

/** A value of the wrong type for a field. */
function wrongTypeFor(field: z.ZodType): unknown {
  const sample = field.safeParse('text');
  return sample.success ? { nested: ['wrong'] } : 'text';
}

type BadPayload = { label: string; payload: string; expectFieldErrors: boolean; field?: string };

function badPayloads(body: unknown): BadPayload[] {
  const shape = objectShape(body) ?? {};
  const keys = Object.keys(shape);
  const payloads: BadPayload[] = [
    { label: 'malformed JSON', payload: '{"email": "a@b.c",', expectFieldErrors: false },
    { label: 'a JSON array instead of an object', payload: '[1, 2, 3]', expectFieldErrors: false },
    { label: 'an unknown field', payload: JSON.stringify({ unexpected_field: 'x' }), expectFieldErrors: true },
  ];
  const required = keys.filter((key) => !shape[key]!.safeParse(undefined).success);
  if (required.length > 0) payloads.push({ label: 'missing fields', payload: '{}', expectFieldErrors: true });
  if (keys.length > 0) {
    payloads.push({
      label: 'wrong types',
      payload: JSON.stringify(Object.fromEntries(keys.map((key) => [key, wrongTypeFor(shape[key]!)]))),
      expectFieldErrors: true,
    });
    for (const key of keys) {
      payloads.push({ label: `a 100 KB string in ${key}`, payload: JSON.stringify({ [key]: 'x'.repeat(100_000) }), expectFieldErrors: true, field: key });
    }
  }
  return payloads;
}

describe('every POST/PUT/PATCH route refuses bad input with a 4xx and changes nothing', () => {
  let context: TestContext;
  before(async () => {
    context = await createTestContext();
  });
  after(() => context.close());

  test('every write route declares a body schema', () => {
    const writes = context.app.registeredRoutes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    assert.ok(writes.length >= 3);
    for (const route of writes) assert.ok(route.body, `${route.method} ${route.url} has no body schema`);
  });

  test('bad bodies get 4xx with per-field messages', async () => {
    const writes = context.app.registeredRoutes.filter((route) => ['POST', 'PUT', 'PATCH'].includes(route.method));
    const before = await tableFingerprint(context.database);
    for (const route of writes) {
      for (const bad of badPayloads(route.body)) {
        const response = await context.app.inject({
          method: route.method as 'POST',
          url: concrete(route.url),
          headers: { ...bearer(context.adminToken), 'content-type': 'application/json' },
          payload: bad.payload,
        });
        const where = `${route.method} ${route.url} with ${bad.label}`;
        assert.ok(response.statusCode >= 400 && response.statusCode < 500, `${where}: ${response.statusCode} ${response.body.slice(0, 200)}`);
        // The public routes (a broker's postback, an affiliate's lead) check their key before the body: a caller without one learns nothing of the body rules.
        if (publicRoutes.includes(`${route.method} ${route.url}`) && /\/postback$|^\/api\/v1\//.test(route.url)) {
          assert.equal((response.json() as { errors?: unknown }).errors, undefined, `${where}: ${response.body}`);
          continue;
        }
        const body = response.json() as { message?: unknown; errors?: Record<string, unknown> };
        assert.equal(typeof body.message, 'string', where);
        assert.doesNotMatch(response.body, /at .+\.(ts|js):\d+/, `${where} leaks a stack`);
        if (bad.expectFieldErrors) {
          assert.equal(response.statusCode, 422, where);
          assert.ok(body.errors && Object.keys(body.errors).length > 0, `${where} names no field`);
          if (bad.field) assert.ok(body.errors[bad.field], `${where} does not name ${bad.field}: ${response.body.slice(0, 200)}`);
        }
      }
    }
    // The request log records every inbound broker or affiliate call, a refused one included: the one table that grows.
    const { request_logs: _logged, ...after } = await tableFingerprint(context.database);
    const { request_logs: _loggedBefore, ...unchanged } = before;
    assert.deepEqual(after, unchanged);
  });
});
