import { closeElements, firstSheetPart, renumberSharedStrings, sharedStringIndexes, sharedStringsPath } from '../preview/xlsxParts.ts';

const workbook = '<workbook xmlns:r="rel"><sheets><sheet name="Leads" sheetId="2" r:id="rId7"/><sheet name="Other" sheetId="1" r:id="rId1"/></sheets></workbook>';
const rels =
  '<Relationships><Relationship Id="rId1" Type="t/worksheet" Target="worksheets/sheet1.xml"/><Relationship Target="/xl/worksheets/sheet9.xml" Type="t/worksheet" Id="rId7"/></Relationships>';

test('finds the first sheet in workbook order through its relationship, with its name', () => {
  expect(firstSheetPart(workbook, rels)).toEqual({ path: 'xl/worksheets/sheet9.xml', name: 'Leads' });
  expect(firstSheetPart(workbook.replace('rId7', 'rId1'), rels)?.path).toBe('xl/worksheets/sheet1.xml');
  expect(firstSheetPart('<x:workbook><x:sheets><x:sheet name="A" r:id="rId1"/></x:sheets></x:workbook>', rels)?.path).toBe('xl/worksheets/sheet1.xml');
  expect(firstSheetPart('<workbook><sheets/></workbook>', rels)).toBeNull();
});

test('passes over hidden tabs, as Excel shows them (the first one if all are hidden)', () => {
  const hiddenFirst = workbook.replace('sheetId="2"', 'sheetId="2" state="hidden"');
  expect(firstSheetPart(hiddenFirst, rels)).toEqual({ path: 'xl/worksheets/sheet1.xml', name: 'Other' });
  expect(firstSheetPart(hiddenFirst.replace('sheetId="1"', 'sheetId="1" state="veryHidden"'), rels)?.name).toBe('Leads');
});

test('finds the shared strings part in the content types', () => {
  const types =
    '<Types><Override PartName="/xl/workbook.xml" ContentType="a.sheet.main+xml"/><Override ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml" PartName="/xl/strings.xml"/></Types>';
  expect(sharedStringsPath(types)).toBe('xl/strings.xml');
  expect(sharedStringsPath('<Types/>')).toBeNull();
});

test('closes cut elements with their own prefix', () => {
  expect(closeElements('<x:worksheet><x:sheetData><x:row/>', ['sheetData', 'worksheet'])).toBe('<x:worksheet><x:sheetData><x:row/></x:sheetData></x:worksheet>');
  expect(closeElements('<sst count="9"><si><t>a</t></si>', ['sst'])).toBe('<sst count="9"><si><t>a</t></si></sst>');
});

test('finds the shared strings the cells use and points them at new indexes', () => {
  const sheet = '<row><c r="A1" t="s"><v>3</v></c><c r="B1" s="2" t="s" ><v>12</v></c><c r="C1"><v>99</v></c><c r="D1" t="str"><v>50</v></c><x:c r="E1" t="s"><x:v>3</x:v></x:c></row>';
  expect(sharedStringIndexes(sheet)).toEqual([3, 12]);
  expect(sharedStringIndexes('<row><c r="A1"><v>1</v></c></row>')).toEqual([]);
  const renumbered = renumberSharedStrings(
    sheet,
    new Map([
      [3, 0],
      [12, 1],
    ]),
  );
  expect(renumbered).toBe(sheet.replace('<v>3</v>', '<v>0</v>').replace('<v>12</v>', '<v>1</v>').replace('<x:v>3</x:v>', '<x:v>0</x:v>'));
});
