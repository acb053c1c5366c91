/**
 * The benchmark's import files: realistic, deterministic lead rows (names, emails, national phones with their
 * country, addresses, amounts, yes/no, IPs), with about 2% repeated emails and 2.5% invalid emails, written as a CSV
 * and as an XLSX (exceljs's streaming writer, no shared strings) without holding either in memory.
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import ExcelJS from 'exceljs';
import { seededRandom } from '../modules/distribution/routing.ts';

export const benchHeader = ['Name', 'Surname', 'Email', 'Phone', 'Country', 'City', 'Zip', 'Address', 'Language', 'Funnel', 'Amount', 'Deposit', 'IP'];
export const benchColumns = {
  A: 'name',
  B: 'surname',
  C: 'email',
  D: 'phone',
  E: 'country',
  F: 'city',
  G: 'zip',
  H: 'address',
  I: 'language',
  J: 'funnel',
  K: 'purchase_amount',
  L: 'deposit_exists',
  M: 'ip',
} as const;

const firstNames = ['Ada', 'Bruno', 'Chloé', 'Dmitri', 'Elena', 'Farid', 'Greta', 'Hugo', 'Ines', 'Jonas', 'Keiko', 'Luca', 'Maya', 'Nils', 'Olga', 'Pablo'];
const lastNames = ['Meyer', 'García', 'Rossi', 'Dubois', 'Smith', 'Novak', 'Jensen', 'Silva', 'Kowalski', 'Brown', 'Müller', 'Martin'];
const places: readonly { country: string; cities: string[]; phone: (digits: (count: number) => string) => string }[] = [
  { country: 'GB', cities: ['London', 'Leeds', 'Bristol'], phone: (digits) => `07${'45789'[Number(digits(1)) % 5]}${digits(2)} ${digits(6)}` },
  { country: 'DE', cities: ['Berlin', 'Hamburg', 'Köln'], phone: (digits) => `0151 ${digits(8)}` },
  { country: 'FR', cities: ['Paris', 'Lyon', 'Lille'], phone: (digits) => `06 ${digits(2)} ${digits(2)} ${digits(2)} ${digits(2)}` },
  { country: 'ES', cities: ['Madrid', 'Sevilla', 'Bilbao'], phone: (digits) => `6${digits(2)} ${digits(3)} ${digits(3)}` },
];

/** Row `index` (1-based) of a file whose emails end in `domain` (two files with different domains never collide). */
export function* benchRows(count: number, domain: string): Generator<string[]> {
  const random = seededRandom(count);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const digits = (length: number) => Array.from({ length }, () => Math.floor(random() * 10)).join('');
  for (let index = 1; index <= count; index += 1) {
    // Every 50th row repeats the person of a row 37 before it (same name and email): a duplicate within the file.
    const person = index > 100 && index % 50 === 0 ? index - 37 : index;
    const first = firstNames[person % firstNames.length] as string;
    const last = lastNames[(person * 7) % lastNames.length] as string;
    const place = pick(places);
    const local = `${first}.${last}`
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
    const email = index % 40 === 0 ? `${local}.${person}(at)${domain}` : `${local}.${person}@${domain}`;
    yield [
      first,
      last,
      email,
      place.phone(digits),
      place.country,
      pick(place.cities),
      digits(5),
      `${1 + Math.floor(random() * 200)} ${pick(['High Street', 'Hauptstraße', 'Rue de la Paix', 'Calle Mayor'])}`,
      pick(['en', 'de', 'fr', 'es']),
      pick(['spring', 'summer', 'webinar']),
      index % 3 === 0 ? '' : (random() * 5000).toFixed(2),
      index % 4 === 0 ? 'yes' : 'no',
      `198.51.100.${index % 256}`,
    ];
  }
}

const csvCell = (cell: string) => (/[",\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

export async function writeBenchCsv(path: string, count: number, domain: string): Promise<void> {
  const output = createWriteStream(path);
  const lines: string[] = [benchHeader.join(',')];
  const flush = async () => {
    if (!output.write(`${lines.join('\n')}\n`)) await once(output, 'drain');
    lines.length = 0;
  };
  for (const row of benchRows(count, domain)) {
    lines.push(row.map(csvCell).join(','));
    if (lines.length >= 5_000) await flush();
  }
  if (lines.length > 0) await flush();
  output.end();
  await once(output, 'finish');
}

export async function writeBenchXlsx(path: string, count: number, domain: string): Promise<void> {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ filename: path, useSharedStrings: false, useStyles: false });
  const sheet = workbook.addWorksheet('Leads');
  sheet.addRow(benchHeader).commit();
  for (const row of benchRows(count, domain)) sheet.addRow(row).commit();
  sheet.commit();
  await workbook.commit();
}
