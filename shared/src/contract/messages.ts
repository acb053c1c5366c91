/**
 * The words of a refused field, for every schema of the contract: where a schema gives no message of its own, zod's
 * defaults ("Too big: expected string to have <=255 characters", "Invalid input") became what staff read under a
 * field. These name the field as a person would and say what it must be. Installed once, when the contract loads
 * (`z.config`), so the API and the screens word a refusal alike.
 */
import { z } from 'zod';

type Issue = Parameters<NonNullable<z.core.$ZodConfig['customError']>>[0];

/** Fields whose names are abbreviations. */
const spelledLabels: Record<string, string> = { ip: 'IP address' };

/** A field as a message names it: `broker_id` is "broker", `tag_ids` "tags", `statuses.0.status_id` "status". */
export function fieldLabel(path: readonly PropertyKey[] | string): string {
  const parts = typeof path === 'string' ? path.split('.') : path.map(String);
  const name = parts.findLast((part) => !/^\d+$/.test(part)) ?? '';
  return spelledLabels[name] ?? name.replace(/_ids$/, 's').replace(/_id$/, '').replaceAll('_', ' ');
}

const typeWords: Record<string, string> = {
  string: 'text',
  number: 'a number',
  int: 'a whole number',
  boolean: 'true or false',
  array: 'a list',
  object: 'an object',
  date: 'a date',
};

const formatWords: Record<string, string> = {
  email: 'a valid email address',
  url: 'a valid URL',
  ipv4: 'a valid IP address',
  ipv6: 'a valid IP address',
  cidrv4: 'a valid network (CIDR)',
  cidrv6: 'a valid network (CIDR)',
  datetime: 'a date and time like 2026-12-31T09:30:00Z',
  date: 'a day like 2026-12-31',
};

function sizeMessage(label: string, issue: Extract<Issue, { code: 'too_big' | 'too_small' }>): string | undefined {
  const big = issue.code === 'too_big';
  const limit = Number(big ? issue.maximum : issue.minimum);
  if (issue.origin === 'string') {
    if (!big && limit === 1) return `The ${label} field is required.`;
    return big ? `The ${label} may not be longer than ${limit} characters.` : `The ${label} must be at least ${limit} characters.`;
  }
  if (issue.origin === 'number' || issue.origin === 'int' || issue.origin === 'bigint') {
    const inclusive = issue.inclusive !== false;
    if (big) return inclusive ? `The ${label} may not be greater than ${limit}.` : `The ${label} must be less than ${limit}.`;
    return inclusive ? `The ${label} must be at least ${limit}.` : `The ${label} must be greater than ${limit}.`;
  }
  if (issue.origin === 'array' || issue.origin === 'set') {
    return big ? `The ${label} may not have more than ${limit} items.` : `The ${label} must have at least ${limit} item${limit === 1 ? '' : 's'}.`;
  }
  return undefined;
}

/** The message of an issue whose schema gave none; undefined keeps zod's own (a field-less issue, a rare kind). */
function fieldIssueMessage(issue: Issue): string | undefined {
  const label = fieldLabel(issue.path ?? []);
  if (!label) return undefined;
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return `The ${label} field is required.`;
      return typeWords[issue.expected] ? `The ${label} must be ${typeWords[issue.expected]}.` : undefined;
    case 'too_big':
    case 'too_small':
      return sizeMessage(label, issue);
    case 'invalid_value':
      return `The ${label} must be one of: ${issue.values.map(String).join(', ')}.`;
    case 'invalid_format':
      return `The ${label} must be ${formatWords[issue.format] ?? 'in the expected format'}.`;
    case 'invalid_union':
      return `The ${label} is invalid.`;
    default:
      return undefined;
  }
}

// In a browser the console's Content-Security-Policy forbids eval: zod's probe for it (`new Function`) is reported as a
// violation even though zod catches it, so there zod runs without its compiled fast path (the setting is global).
// `'document' in globalThis`, not `typeof document`: the API compiles this file without the DOM's types.
z.config({ customError: fieldIssueMessage, ...('document' in globalThis ? { jitless: true } : {}) });
