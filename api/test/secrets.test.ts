import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { loadConfig } from '../src/config.ts';
import { SecretBox, SecretBoxError, parseSecretsKey, secretBoxFor } from '../src/modules/sending/secrets.ts';

describe('SecretBox', () => {
  const box = new SecretBox(randomBytes(32));

  test('seals to v1: and base64, differently each time, and opens back', () => {
    const first = box.seal('päss wörd 🔑');
    const second = box.seal('päss wörd 🔑');
    assert.match(first, /^v1:[A-Za-z0-9+/]+=*$/, 'the sealed format');
    assert.notEqual(first, second, 'a fresh iv per seal');
    assert.equal(box.open(first), 'päss wörd 🔑');
    assert.equal(box.open(box.seal('')), '', 'an empty string survives');
  });

  test('refuses a tampered value, another key, a foreign or truncated value', () => {
    const sealed = box.seal('secret-value');
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 1;
    assert.throws(() => box.open(`v1:${bytes.toString('base64')}`), SecretBoxError, 'a flipped ciphertext bit');
    assert.throws(() => new SecretBox(randomBytes(32)).open(sealed), /tampered with or sealed with another key/, 'another key');
    assert.throws(() => box.open('secret-value'), /not a sealed secret/, 'plain text');
    assert.throws(() => box.open('v1:AAAA'), /truncated/, 'too short');
  });

  test('masks with the last two characters, or only dots when short', () => {
    assert.equal(box.mask(null), null);
    assert.equal(box.mask(''), '••••');
    assert.equal(box.mask('abcdef'), '••••');
    assert.equal(box.mask('abcdefg'), '••••fg');
  });

  test('a key is 32 bytes', () => {
    assert.throws(() => new SecretBox(randomBytes(16)), /32 bytes/);
  });
});

describe('the secrets key', () => {
  let dataDir: string;
  before(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'crm-secrets-'));
  });
  after(() => rm(dataDir, { recursive: true, force: true }));

  test('SECRETS_KEY as base64 or hex', () => {
    const key = randomBytes(32);
    const sealed = new SecretBox(key).seal('hello');
    assert.equal(secretBoxFor({ secretsKey: key.toString('base64'), dataDir }).open(sealed), 'hello', 'base64');
    assert.equal(secretBoxFor({ secretsKey: key.toString('hex'), dataDir }).open(sealed), 'hello', 'hex');
    assert.deepEqual(parseSecretsKey(` ${key.toString('hex').toUpperCase()}\n`, 'SECRETS_KEY'), key, 'trimmed, any case');
  });

  test('anything else is refused with a message naming SECRETS_KEY', () => {
    for (const bad of ['short', randomBytes(16).toString('base64'), randomBytes(31).toString('hex'), `${randomBytes(32).toString('hex')}00`]) {
      assert.throws(() => secretBoxFor({ secretsKey: bad, dataDir }), /SECRETS_KEY must be 32 bytes/, bad);
    }
  });

  test('an empty SECRETS_KEY counts as unset', () => {
    assert.equal(loadConfig({ SECRETS_KEY: '' }).secretsKey, undefined);
    assert.equal(loadConfig({ SECRETS_KEY: 'abc' }).secretsKey, 'abc');
  });

  test('unset: a key file is created once (0600) and reused', async () => {
    const first = secretBoxFor({ secretsKey: undefined, dataDir });
    const file = join(dataDir, 'secrets.key');
    const info = await stat(file);
    assert.equal(info.mode & 0o777, 0o600, 'only the owner reads the key file');
    assert.equal(Buffer.from((await readFile(file, 'utf8')).trim(), 'base64').length, 32);
    const sealed = first.seal('kept across starts');
    assert.equal(secretBoxFor({ secretsKey: undefined, dataDir }).open(sealed), 'kept across starts');
  });

  test('a damaged key file is refused with its path', async () => {
    const damaged = await mkdtemp(join(tmpdir(), 'crm-secrets-bad-'));
    try {
      await writeFile(join(damaged, 'secrets.key'), 'not a key\n');
      assert.throws(() => secretBoxFor({ secretsKey: undefined, dataDir: damaged }), /secrets\.key must be 32 bytes/);
    } finally {
      await rm(damaged, { recursive: true, force: true });
    }
  });
});
