/**
 * Request values built from a route's zod schema for the hostile-input test: every text leaf and every number leaf
 * set to a chosen value, so each field of each route is reached without a hand-written body per route.
 */
import { z } from 'zod';

export type Leaves = { text: string; number: number };

/** A sample, the paths (`statuses.0.name`) of its text leaves, and those of its number leaves that refuse the number. */
export type Sample = { value: unknown; textPaths: string[]; numberPaths: string[] };

/** The schema a value is read with: through wrappers, and the input side of a pipe (its output for a preprocess). */
function inputSide(schema: z.ZodType): z.ZodType {
  let current = schema;
  for (;;) {
    if (current instanceof z.ZodOptional || current instanceof z.ZodNullable || current instanceof z.ZodDefault || current instanceof z.ZodPrefault) {
      current = current.unwrap() as z.ZodType;
    } else if (current instanceof z.ZodPipe) {
      current = (current.in instanceof z.ZodTransform ? current.out : current.in) as z.ZodType;
    } else {
      return current;
    }
  }
}

/** The object shape a schema reads (a body, a query, path parameters), or null when it is not an object. */
export function shapeOf(schema: unknown): Record<string, z.ZodType> | null {
  if (!(schema instanceof z.ZodType)) return null;
  const inner = inputSide(schema);
  return inner instanceof z.ZodObject ? (inner.shape as Record<string, z.ZodType>) : null;
}

export function sampleOf(schema: z.ZodType, leaves: Leaves, path: readonly string[] = []): Sample {
  const inner = inputSide(schema);
  const here = path.join('.');
  if (inner instanceof z.ZodObject) {
    const entries = Object.entries(inner.shape as Record<string, z.ZodType>).map(([key, field]) => [key, sampleOf(field, leaves, [...path, key])] as const);
    return {
      value: Object.fromEntries(entries.map(([key, sample]) => [key, sample.value])),
      textPaths: entries.flatMap(([, sample]) => sample.textPaths),
      numberPaths: entries.flatMap(([, sample]) => sample.numberPaths),
    };
  }
  if (inner instanceof z.ZodArray) {
    const element = sampleOf(inner.element as z.ZodType, leaves, [...path, '0']);
    return { ...element, value: [element.value] };
  }
  if (inner instanceof z.ZodRecord) {
    const value = sampleOf(inner.valueType as z.ZodType, leaves, [...path, leaves.text]);
    return { ...value, value: { [leaves.text]: value.value } };
  }
  if (inner instanceof z.ZodUnion) return sampleOf(inner.options[0] as z.ZodType, leaves, path);
  const leaf = (value: unknown, kind?: 'text' | 'number'): Sample => ({ value, textPaths: kind === 'text' ? [here] : [], numberPaths: kind === 'number' ? [here] : [] });
  if (inner instanceof z.ZodEnum) return leaf(inner.options[0]);
  if (inner instanceof z.ZodLiteral) return leaf(inner.values.values().next().value);
  switch (inner._zod.def.type) {
    case 'string':
      return leaf(leaves.text, 'text');
    case 'number':
      return leaf(leaves.number, inner.safeParse(leaves.number).success ? undefined : 'number');
    case 'boolean':
      return leaf(true);
    default:
      return leaf(leaves.text);
  }
}

/** Whether a query parameter reads a number: it takes `100` and refuses a word. */
export const readsNumber = (field: z.ZodType): boolean => field.safeParse('100').success && !field.safeParse('word').success;

/** Ids `Number()` reads as another record (16, 1000, 2), or not a PostgreSQL integer at all. */
export const hostileIds = ['0x10', '1e3', '1.6e1', '0b10000', '%2016', '16%20', '016', '0', '2147483648', 'a%00b'];

/** Multipart bodies that are not: no boundary, a boundary that never comes, a part cut off. */
export const malformedMultipart: { contentType: string; payload: string }[] = [
  { contentType: 'multipart/form-data', payload: '--x\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\na\r\n--x--\r\n' },
  { contentType: 'multipart/form-data; boundary=nowhere', payload: 'no parts here' },
  { contentType: 'multipart/form-data; boundary=x', payload: '--x\r\ncontent-disposition: form-data; name="file"; filename="a.csv"\r\n\r\nemail\r\na@b.c' },
];
