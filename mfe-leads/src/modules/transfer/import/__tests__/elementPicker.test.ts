import { pickElements, type ElementChoice } from '../preview/elementPicker.ts';

const sheet = (rows: number) =>
  `<worksheet><sheetData>${Array.from({ length: rows }, (_, index) => `<row r="${index + 1}"><c><v>${index + 1}</v></c></row>`).join('')}</sheetData><pageMargins/></worksheet>`;

function pickInChunks(text: string, size: number, choose: (startTag: string) => ElementChoice) {
  const picker = pickElements('row', choose);
  let stopped = false;
  for (let at = 0; at < text.length && !stopped; at += size) stopped = picker.feed(text.slice(at, at + size));
  return { stopped, ...picker.result() };
}

const byNumber = (keep: (row: number) => ElementChoice) => (startTag: string) => keep(Number(/r="(\d+)"/.exec(startTag)?.[1]));

test('keeps the head and the chosen rows, however the text is cut into chunks', () => {
  for (const size of [1, 5, 64, 100_000]) {
    const picked = pickInChunks(
      sheet(30),
      size,
      byNumber((row) => (row > 22 ? 'stop' : row === 1 || row >= 20 ? 'keep' : 'drop')),
    );
    expect(picked.stopped).toBe(true);
    expect(picked.closed).toBe(false);
    expect(picked.text).toBe('<worksheet><sheetData><row r="1"><c><v>1</v></c></row><row r="20"><c><v>20</v></c></row><row r="21"><c><v>21</v></c></row><row r="22"><c><v>22</v></c></row>');
  }
});

test('keeps the end of the text when the last row is kept', () => {
  const picked = pickInChunks(sheet(3), 7, () => 'keep');
  expect(picked).toEqual({ stopped: false, closed: true, text: sheet(3) });
});

test('leaves the end out when the last row is dropped', () => {
  const picked = pickInChunks(
    sheet(3),
    7,
    byNumber((row) => (row === 1 ? 'keep' : 'drop')),
  );
  expect(picked).toEqual({ stopped: false, closed: false, text: '<worksheet><sheetData><row r="1"><c><v>1</v></c></row>' });
});

test('chooses once per element, prefixed ones too, and never on look-alike tags', () => {
  const seen: string[] = [];
  const text = '<x:sheetData><x:row r="1"/><x:rowBreaks/><x:row r="2" spans="1:2"><x:c/></x:row></x:sheetData>';
  pickInChunks(text, 3, (startTag) => {
    seen.push(startTag);
    return 'keep';
  });
  expect(seen).toEqual(['<x:row r="1"/>', '<x:row r="2" spans="1:2">']);
});
