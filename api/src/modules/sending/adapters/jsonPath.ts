/** Reading a broker's JSON answer by the dotted paths of `response_content` (`data.items.0.id`). */

/** The value at `path`, or undefined when any step is missing. Only own properties are followed. */
export function valueAt(json: unknown, path: string): unknown {
  let current = json;
  for (const step of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(step)) return undefined;
      current = current[Number(step)];
    } else if (current !== null && typeof current === 'object' && Object.hasOwn(current, step)) {
      current = (current as Record<string, unknown>)[step];
    } else {
      return undefined;
    }
  }
  return current;
}

/** A string, number or boolean as text; anything else (objects, null, missing) is null. */
export function scalarText(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return null;
}

/** The scalar at `path` as text, or null. */
export function textAt(json: unknown, path: string | undefined): string | null {
  return path === undefined ? null : scalarText(valueAt(json, path));
}
