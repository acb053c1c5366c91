import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.ts';

describe('configuration from the environment', () => {
  test('a variable set but empty counts as unset (docker-compose writes ${DATABASE_URL:-})', () => {
    const config = loadConfig({ DATABASE_URL: '', PORT: '', ADMIN_PASSWORD: '', LOGIN_RATE_LIMIT: '', API_ROLE: '' });
    assert.equal(config.databaseUrl, undefined);
    assert.equal(config.port, 4000);
    assert.equal(config.adminPassword, undefined);
    assert.equal(config.loginRateLimit, 10);
    assert.equal(config.role, 'all');
  });

  test('a value that is set is still checked', () => {
    assert.equal(loadConfig({ DATABASE_URL: 'postgres://db:5432/crm' }).databaseUrl, 'postgres://db:5432/crm');
    assert.throws(() => loadConfig({ DATABASE_URL: 'not a url' }), /DATABASE_URL/);
    assert.throws(() => loadConfig({ LOGIN_IP_RATE_LIMIT: '0' }), /LOGIN_IP_RATE_LIMIT/);
  });
});
