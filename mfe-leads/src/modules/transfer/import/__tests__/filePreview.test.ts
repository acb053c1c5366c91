import { importMaxColumns, importPreviewRows } from '@crm/shared/contract';
import { clampStartRow, maxStartRow, previewOfRows, previewRowLimit } from '../preview/filePreview.ts';

const rows = (count: number) => Array.from({ length: count }, (_, index) => [`r${index + 1}`]);

test('shows 11 rows from the start row, numbered as in the file, and keeps row 1 as the header', () => {
  const preview = previewOfRows([['Email', 'Phone'], ...rows(40).slice(1)], 5);
  expect(importPreviewRows).toBe(11);
  expect(preview.header).toEqual(['Email', 'Phone']);
  expect(preview.rows.map((row) => row.number)).toEqual([5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]);
  expect(preview.rows[0]?.cells).toEqual(['r5']);
});

test('shows fewer rows when the file ends, and none past its end', () => {
  expect(previewOfRows(rows(3), 1).rows).toHaveLength(3);
  expect(previewOfRows(rows(3), 10).rows).toEqual([]);
});

test('counts the columns of the header and shown rows, at most 702', () => {
  expect(previewOfRows([['a'], ['a', 'b', 'c']], 1).columnCount).toBe(3);
  const wide = [Array.from({ length: 800 }, () => 'x')];
  const preview = previewOfRows(wide, 1);
  expect(preview.columnCount).toBe(importMaxColumns);
  expect(preview.header).toHaveLength(importMaxColumns);
});

test('counts the columns past ZZ that hold a value in the header or the shown rows: the import leaves them out', () => {
  const row = (width: number) => Array.from({ length: width }, (_, index) => `c${index + 1}`);
  expect(previewOfRows([row(importMaxColumns)], 1).ignoredColumns).toBe(0);
  expect(previewOfRows([row(importMaxColumns + 1)], 1).ignoredColumns).toBe(1);
  // Empty cells at the end of a row are no columns of the file's.
  expect(previewOfRows([[...row(importMaxColumns), '', ' ']], 1).ignoredColumns).toBe(0);
  expect(previewOfRows([['Email'], row(importMaxColumns + 5)], 1).ignoredColumns).toBe(5);
});

test('keeps the start row between 1 and one past the largest import', () => {
  expect(clampStartRow(0)).toBe(1);
  expect(clampStartRow(-4)).toBe(1);
  expect(clampStartRow(Number.NaN)).toBe(1);
  expect(clampStartRow(7.8)).toBe(7);
  expect(clampStartRow(10_000_000)).toBe(maxStartRow);
  expect(previewRowLimit(1)).toBe(11);
  expect(previewRowLimit(5)).toBe(15);
});
