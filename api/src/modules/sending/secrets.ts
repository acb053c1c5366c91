/**
 * Secrets at rest: integration passwords, tokens and keys are sealed with AES-256-GCM before they reach
 * the database and shown masked to the browser. The key comes from `SECRETS_KEY`, or — for the zero-setup embedded
 * default — from a key file created once in DATA_DIR. Losing the key makes the stored secrets unreadable (they read
 * as masked and must be typed again); it never leaks them.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../../config.ts';

const algorithm = 'aes-256-gcm';
const keyBytes = 32;
const ivBytes = 12;
const tagBytes = 16;
const version = 'v1:';
const maskDots = '••••';

/** A sealed value that cannot be opened: not ours, tampered with, or sealed with another key. */
export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export class SecretBox {
  readonly #key: Buffer;

  constructor(key: Buffer) {
    if (key.length !== keyBytes) throw new SecretBoxError(`A secrets key is ${keyBytes} bytes; this one is ${key.length}.`);
    this.#key = Buffer.from(key);
  }

  /** 'v1:' + base64(iv | tag | ciphertext), a fresh random iv each time. */
  seal(plain: string): string {
    const iv = randomBytes(ivBytes);
    const cipher = createCipheriv(algorithm, this.#key, iv);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return version + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(version)) throw new SecretBoxError('The value is not a sealed secret (no v1: prefix).');
    const bytes = Buffer.from(sealed.slice(version.length), 'base64');
    if (bytes.length < ivBytes + tagBytes) throw new SecretBoxError('The sealed secret is truncated.');
    const decipher = createDecipheriv(algorithm, this.#key, bytes.subarray(0, ivBytes));
    decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
    try {
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString('utf8');
    } catch {
      throw new SecretBoxError('The sealed secret cannot be opened: it was tampered with or sealed with another key.');
    }
  }

  /** '••••' and the last two characters, or only '••••' for a short value; null stays null. */
  mask(plain: string | null): string | null {
    if (plain === null) return null;
    return plain.length <= 6 ? maskDots : maskDots + plain.slice(-2);
  }
}

/** 32 bytes written as 64 hex characters or as base64; anything else is refused. */
export function parseSecretsKey(text: string, origin: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(trimmed)) {
    const bytes = Buffer.from(trimmed, 'base64');
    if (bytes.length === keyBytes) return bytes;
  }
  throw new SecretBoxError(`${origin} must be ${keyBytes} bytes written as base64 (44 characters) or hex (64 characters); generate one with \`openssl rand -base64 32\`.`);
}

/** The key file of the embedded default: created once (0600), then read at every start. */
function keyFromFile(dataDir: string): Buffer {
  const file = join(dataDir, 'secrets.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    // 'wx' fails when the file exists, so two processes starting together never overwrite each other's key.
    writeFileSync(file, `${randomBytes(keyBytes).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  return parseSecretsKey(readFileSync(file, 'utf8'), `The key file ${file}`);
}

export function secretBoxFor(config: Pick<Config, 'secretsKey' | 'dataDir'>): SecretBox {
  return new SecretBox(config.secretsKey === undefined ? keyFromFile(config.dataDir) : parseSecretsKey(config.secretsKey, 'SECRETS_KEY'));
}
