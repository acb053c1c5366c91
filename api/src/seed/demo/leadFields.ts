/** Text fields of a demo lead that take more than a pick: emails, street addresses, postcodes. */
import type { CountryProfile } from './countries.ts';
import { emailDomains } from './lists.ts';
import type { Random } from './random.ts';

export const pad2 = (value: number): string => (value < 10 ? `0${value}` : String(value));

/** Ascii, lower-case local parts: Müller → muller, Kozłowski → kozlowski. */
const slugCache = new Map<string, string>();
function slug(word: string): string {
  let cached = slugCache.get(word);
  if (cached === undefined) {
    cached = word
      .toLowerCase()
      .replace(/ß/g, 'ss')
      .replace(/ł/g, 'l')
      .normalize('NFD')
      .replace(/[^a-z]/g, '');
    slugCache.set(word, cached);
  }
  return cached;
}

/** The sequence number makes every demo email unique, across runs too. */
export function emailFor(random: Random, first: string, last: string, sequence: number): string {
  const domain = random.pick(emailDomains);
  switch (random.int(3)) {
    case 0:
      return `${slug(first)}.${slug(last)}${sequence}@${domain}`;
    case 1:
      return `${slug(first).charAt(0)}${slug(last)}.${sequence}@${domain}`;
    default:
      return `${slug(last)}_${slug(first)}${sequence}@${domain}`;
  }
}

export function addressFor(random: Random, profile: CountryProfile): string {
  const street = random.pick(profile.streets);
  const number = 1 + random.int(240);
  return profile.numberFirst ? `${number} ${street}` : `${street} ${number}`;
}

export function fillTemplate(random: Random, template: string): string {
  let out = '';
  for (const character of template) {
    if (character === '9') out += String(random.int(10));
    else if (character === 'A') out += String.fromCharCode(65 + random.int(26));
    else out += character;
  }
  return out;
}
