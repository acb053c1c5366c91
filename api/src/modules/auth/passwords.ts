import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum cost; @node-rs/argon2 hashes off the main thread.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return verify(passwordHash, password).catch(() => false);
}

/** Verified against when the e-mail is unknown, so a wrong e-mail costs as long as a wrong password. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword('decoy-password-never-matches');
  return decoyHash;
}
