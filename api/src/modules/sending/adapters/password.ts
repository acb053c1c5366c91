/**
 * The password a lead gets at the broker when the integration has no fixed `lead_password`: 10 characters with
 * an upper-case letter, a lower-case letter and a digit, none that read alike (0/O, 1/l/I).
 */
import { webcrypto } from 'node:crypto';

const upper = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
const lower = 'abcdefghijkmnpqrstuvwxyz';
const digits = '23456789';
const all = upper + lower + digits;
const leadPasswordLength = 10;

/** Crypto-random values drawn a few hundred at a time (one call per password was a measurable cost of sending). */
const drawn = new Uint32Array(256);
let nextDrawn = drawn.length;

function cryptoRandom(): number {
  if (nextDrawn >= drawn.length) {
    webcrypto.getRandomValues(drawn);
    nextDrawn = 0;
  }
  const value = drawn[nextDrawn] ?? 0;
  nextDrawn += 1;
  return value / 2 ** 32;
}

/** `random` returns numbers in [0, 1), like Math.random; crypto-random by default. */
export function generateLeadPassword(random: () => number = cryptoRandom): string {
  const indexBelow = (count: number): number => Math.min(count - 1, Math.max(0, Math.floor(random() * count)));
  const pick = (alphabet: string): string => alphabet.charAt(indexBelow(alphabet.length));
  const characters = [pick(upper), pick(lower), pick(digits)];
  while (characters.length < leadPasswordLength) characters.push(pick(all));
  for (let index = characters.length - 1; index > 0; index -= 1) {
    const other = indexBelow(index + 1);
    [characters[index], characters[other]] = [characters[other]!, characters[index]!];
  }
  return characters.join('');
}
