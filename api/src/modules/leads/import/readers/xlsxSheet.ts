/**
 * The rows of a sheet's XML, as the handler of its parse: each `<c>` becomes its text (a shared or inline string, a
 * number, a date as the sheet shows it, a boolean, an error as written), placed by its reference (or after the cell
 * before). A row whose cells are all empty is no row of the import. Columns past the 702nd (ZZ) are not read (the
 * mapping cannot name them; the dialog's preview says so).
 */
import { FileLimitError, limitMessages, readLimits } from './limits.ts';
import { serialDateText, isoDateText } from './xlsxDates.ts';
import { StringItem, unescapeText } from './xlsxStrings.ts';
import { attribute, type XmlHandler } from './xml.ts';
import type { SheetRow } from './types.ts';

export type SheetContext = { strings: readonly string[]; dateStyles: ReadonlySet<number>; date1904: boolean };

/** `B12` → 1; the letters of a reference, as a 0-based column. */
export function referenceColumn(reference: string): number | null {
  const letters = /^[A-Z]+/i.exec(reference)?.[0];
  if (!letters) return null;
  let index = 0;
  for (const letter of letters.toUpperCase()) index = index * 26 + (letter.charCodeAt(0) - 64);
  return index - 1;
}

const columnName = (index: number): string => (index < 26 ? String.fromCharCode(65 + index) : columnName(Math.floor(index / 26) - 1) + String.fromCharCode(65 + (index % 26)));

export class SheetRows implements XmlHandler {
  /** Rows completed since the last `take`. */
  private done: SheetRow[] = [];
  private rowNumber = 0;
  private cells: string[] = [];
  private nextColumn = 0;
  private rowElements = 0;
  private cellElements = 0;
  /** The cell being read. */
  private cell: { column: number; type: string; style: number; value: string; item: StringItem | null; inValue: boolean } | null = null;

  constructor(private readonly context: SheetContext) {}

  open(name: string, attributes: Readonly<Record<string, string>>): void {
    if (name === 'row') {
      if ((this.rowElements += 1) > readLimits.sheetRows) throw new FileLimitError(limitMessages.sheetRows);
      const given = Number(attribute(attributes, 'r'));
      this.rowNumber = Number.isInteger(given) && given > 0 ? given : this.rowNumber + 1;
      this.cells = [];
      this.nextColumn = 0;
    } else if (name === 'c') {
      if ((this.cellElements += 1) > readLimits.sheetCells) throw new FileLimitError(limitMessages.sheetCells);
      const column = referenceColumn(attribute(attributes, 'r') ?? '') ?? this.nextColumn;
      this.nextColumn = column + 1;
      this.cell = { column, type: attribute(attributes, 't') ?? 'n', style: Number(attribute(attributes, 's') ?? 0), value: '', item: null, inValue: false };
    } else if (this.cell) {
      if (name === 'v') this.cell.inValue = true;
      else if (name === 'is') this.cell.item = new StringItem();
      else this.cell.item?.open(name);
    }
  }

  text(text: string): void {
    const cell = this.cell;
    if (!cell) return;
    if (cell.inValue) {
      cell.value += text;
      if (cell.value.length > readLimits.cellChars) throw new FileLimitError(limitMessages.cell(this.where()));
    } else cell.item?.text(text, () => this.where());
  }

  close(name: string): void {
    const cell = this.cell;
    if (name === 'row') {
      if (this.cells.some((text) => text !== '')) this.done.push({ row: this.rowNumber, cells: this.cells });
      this.cells = [];
    } else if (name === 'c' && cell) {
      const text = cell.column < readLimits.columns ? this.textOf(cell) : '';
      this.cell = null;
      if (text === '') return;
      while (this.cells.length < cell.column) this.cells.push('');
      this.cells[cell.column] = text;
    } else if (cell) {
      if (name === 'v') cell.inValue = false;
      else cell.item?.close(name);
    }
  }

  /** The rows completed so far, handed over once. */
  take(): SheetRow[] {
    const rows = this.done;
    this.done = [];
    return rows;
  }

  private where(): string {
    return `Cell ${columnName(this.cell?.column ?? 0)}${this.rowNumber}`;
  }

  private textOf(cell: NonNullable<SheetRows['cell']>): string {
    switch (cell.type) {
      case 's':
        return this.context.strings[Number(cell.value)] ?? '';
      case 'inlineStr':
        return cell.item?.take(() => this.where()) ?? '';
      case 'b':
        return cell.value === '' ? '' : cell.value === '1' || cell.value === 'true' ? 'true' : 'false';
      case 'd':
        return isoDateText(cell.value);
      case 'str':
        return unescapeText(cell.value);
      case 'e':
        return cell.value;
      default: {
        if (cell.value.trim() === '') return '';
        const number = Number(cell.value);
        if (!Number.isFinite(number)) return cell.value;
        return (this.context.dateStyles.has(cell.style) && serialDateText(number, this.context.date1904)) || String(number);
      }
    }
  }
}
