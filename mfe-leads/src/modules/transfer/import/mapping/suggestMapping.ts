/**
 * The mapping suggested from the header row: each header name, lower-cased with accents, spaces and
 * punctuation dropped ("E-mail" → "email", "Phone number" → "phonenumber"), is looked up among the names a
 * field is known by. A field is suggested for its first matching column only.
 */
import { importableLeadFields, type ImportableLeadField } from '@crm/shared/contract';
import type { ColumnMapping } from './columnMapping.ts';

const otherNames: Partial<Record<ImportableLeadField, readonly string[]>> = {
  name: ['firstname', 'first', 'fname', 'givenname', 'forename', 'vorname', 'prenom'],
  surname: ['lastname', 'last', 'lname', 'familyname', 'nachname', 'nom'],
  email: ['mail', 'emailaddress', 'mailaddress', 'emailadresse'],
  alt_email: ['alternativeemail', 'alternateemail', 'secondemail', 'secondaryemail', 'email2'],
  phone: ['phonenumber', 'telephone', 'telephonenumber', 'tel', 'mobile', 'mobilephone', 'mobilenumber', 'cell', 'cellphone', 'telefon', 'telefonnummer', 'handy', 'phone1'],
  alt_phone: ['alternativephone', 'alternatephone', 'secondphone', 'secondaryphone', 'phone2'],
  country: ['countrycode', 'countryiso', 'land'],
  date_of_birth: ['dob', 'birthdate', 'birthday', 'geburtsdatum'],
  language: ['lang', 'sprache'],
  comment: ['comments', 'note', 'notes', 'remark', 'remarks', 'kommentar'],
  address: ['address1', 'street', 'streetaddress', 'adresse', 'strasse'],
  second_address: ['address2', 'addressline2'],
  state: ['region', 'province', 'county', 'bundesland'],
  city: ['town', 'ort', 'stadt'],
  zip: ['zipcode', 'postcode', 'postalcode', 'plz', 'postleitzahl'],
  ip: ['ipaddress', 'ipadress'],
  purchase_amount: ['depositamount', 'deposit', 'amount'],
  product_name: ['brandname', 'brand', 'product'],
  card_digits: ['cardlastdigits', 'lastdigits'],
  is_fresh: ['fresh'],
};

/** "E-mail" → "email"; "Straße" → "strasse"; "Date of birth" → "dateofbirth". */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[^a-z0-9]/g, '');
}

const fieldByName: ReadonlyMap<string, ImportableLeadField> = new Map(
  importableLeadFields.flatMap((field) => [normalizeHeader(field), ...(otherNames[field] ?? [])].map((name) => [name, field] as const)),
);

export function fieldForHeader(header: string): ImportableLeadField | null {
  return fieldByName.get(normalizeHeader(header)) ?? null;
}

/** Column letter → suggested field, for the header cells of the given letters. */
export function suggestMapping(header: readonly string[], letters: readonly string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  const taken = new Set<ImportableLeadField>();
  letters.forEach((letter, index) => {
    const field = fieldForHeader(header[index] ?? '');
    if (field && !taken.has(field)) {
      taken.add(field);
      mapping[letter] = field;
    }
  });
  return mapping;
}
