import { columnLetters, maxColumnLetters, parseEmailList, parseNumberList } from './importHelpers.ts';

describe('columnLetters', () => {
  test('names the first 26 columns A to Z', () => {
    const letters = columnLetters(26);
    expect(letters).toHaveLength(26);
    expect(letters[0]).toBe('A');
    expect(letters[25]).toBe('Z');
  });

  test('continues with AA, AB … after Z', () => {
    const letters = columnLetters(60);
    expect(letters.slice(26, 29)).toEqual(['AA', 'AB', 'AC']);
    expect(letters[51]).toBe('AZ');
    expect(letters[52]).toBe('BA');
  });

  test('stops at 702 columns, the last one ZZ', () => {
    const letters = columnLetters(5_000);
    expect(maxColumnLetters).toBe(702);
    expect(letters).toHaveLength(702);
    expect(letters.at(-1)).toBe('ZZ');
    expect(new Set(letters).size).toBe(702);
  });

  test('gives no letters for no columns', () => {
    expect(columnLetters(0)).toEqual([]);
    expect(columnLetters(-3)).toEqual([]);
  });
});

describe('parseEmailList', () => {
  test('splits on any whitespace, strips quotes and keeps e-mail addresses only', () => {
    const text = '"ada@example.com"  bob@example.org\n\'cy@example.io\'\tnot-an-email  @example.com dan@example';
    expect(parseEmailList(text)).toEqual(['ada@example.com', 'bob@example.org', 'cy@example.io']);
  });

  test('gives an empty list for blank text', () => {
    expect(parseEmailList('  \n ')).toEqual([]);
  });
});

describe('parseNumberList', () => {
  test('splits on whitespace or pipes and converts to integers', () => {
    expect(parseNumberList('12 34|56\n78 | 90')).toEqual([12, 34, 56, 78, 90]);
  });

  test('drops entries that are not numbers and truncates decimals', () => {
    expect(parseNumberList('1 two 3.9 || -4')).toEqual([1, 3, -4]);
  });
});
