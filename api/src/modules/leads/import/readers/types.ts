/** One row of an import file: its 1-based number in the file and its cells as text. */
export type SheetRow = { row: number; cells: string[] };

/** How many rows an import reads from a file, and how many columns its widest row has (what a mapping may name). */
export type FileMeasure = { rows: number; columns: number };
