/** One row of an import file: its 1-based number in the file and its cells as text. */
export type SheetRow = { row: number; cells: string[] };
