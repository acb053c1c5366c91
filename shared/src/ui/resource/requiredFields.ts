/**
 * Which fields of a resource form must be filled in, read from the create body the API validates with (the
 * contract's zod schema), so the form's marks and the server's 422 never disagree.
 */
import type { z } from 'zod';
import { namePathOf, type FieldKind } from './resourceFields.tsx';

type Schema = { safeParse(value: unknown): { success: boolean } };

function schemaAt(body: z.ZodObject, name: string): Schema | undefined {
  let schema: unknown = body;
  for (const key of namePathOf(name)) {
    // A nested group that is itself optional (or not an object) makes nothing inside it required.
    if (typeof schema !== 'object' || schema === null || !('shape' in schema)) return undefined;
    schema = (schema as { shape: Record<string, unknown> }).shape[key];
  }
  return typeof schema === 'object' && schema !== null && 'safeParse' in schema ? (schema as Schema) : undefined;
}

/** What an input of each kind holds once emptied: blank text, a cleared select or number, an empty list. */
const emptyValues: Record<Exclude<FieldKind, 'boolean' | 'readonly'>, unknown> = {
  text: '',
  textarea: '',
  color: '',
  secret: '',
  date: '',
  number: null,
  select: null,
  multiselect: [],
  tags: [],
};

/**
 * Whether the body refuses this field both missing and emptied. Switches always hold a value and read-only values
 * are never sent, so neither is ever required.
 */
export function isRequiredField(body: z.ZodObject, name: string, kind: FieldKind): boolean {
  if (kind === 'boolean' || kind === 'readonly') return false;
  const schema = schemaAt(body, name);
  return schema !== undefined && !schema.safeParse(undefined).success && !schema.safeParse(emptyValues[kind]).success;
}
