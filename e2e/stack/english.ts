/** The console's English texts (the host's common namespace), for tests and benches that find things by their label. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from './apps.ts';

const english = JSON.parse(readFileSync(join(repoRoot, 'host/public/locales/en/common.json'), 'utf8')) as Record<string, unknown>;

/** The English text of an i18n key such as `menu.groups.leads`. */
export function translate(key: string): string {
  const value = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], english);
  if (typeof value !== 'string') throw new Error(`no English text for ${key}`);
  return value;
}
