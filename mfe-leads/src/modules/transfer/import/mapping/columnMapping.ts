/** Which lead field each column feeds (the contract's `importColumns`): each field from one column at most. */
import type { ImportableLeadField } from '@crm/shared/contract';

export type ColumnMapping = Partial<Record<string, ImportableLeadField>>;

/** Maps a column to a field (or to nothing); a field already fed by another column moves to this one. */
export function mapColumn(mapping: ColumnMapping, letter: string, field: ImportableLeadField | null): ColumnMapping {
  const next: ColumnMapping = {};
  for (const [other, mapped] of Object.entries(mapping)) {
    if (other !== letter && mapped && mapped !== field) next[other] = mapped;
  }
  if (field) next[letter] = field;
  return next;
}

/** A lead needs an email or a phone, so one of them must come from the file. */
export function mapsContact(mapping: ColumnMapping): boolean {
  return Object.values(mapping).some((field) => field === 'email' || field === 'phone');
}

/** The mapping as the request sends it: mapped columns only, in letter order (A…Z, AA…). */
export function mappedColumns(mapping: ColumnMapping): Record<string, ImportableLeadField> {
  const entries = Object.entries(mapping).filter((entry): entry is [string, ImportableLeadField] => entry[1] !== undefined);
  entries.sort(([a], [b]) => a.length - b.length || a.localeCompare(b));
  return Object.fromEntries(entries);
}

/** The mapping of the columns the file has (a changed delimiter can leave fewer). */
export function mappingOfColumns(mapping: ColumnMapping, letters: readonly string[]): ColumnMapping {
  return Object.fromEntries(letters.filter((letter) => mapping[letter] !== undefined).map((letter) => [letter, mapping[letter]]));
}
