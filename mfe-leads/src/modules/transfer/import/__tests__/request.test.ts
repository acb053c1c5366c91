import { importRequest } from '@crm/shared/contract';
import { refusalOf, importFileKindOf } from '../request/fileChecks.ts';
import { placeImportErrors } from '../request/importErrors.ts';
import { defaultImportOptions, draftKey, importRequestOf, noFixedValues, noImportSend, sendsNowhere } from '../request/importRequestBody.ts';

const uploadId = '6f1c2d4e-8a9b-4c3d-9e8f-7a6b5c4d3e2f';

test('accepts .csv and .xlsx only, whatever the case', () => {
  expect(importFileKindOf('leads.CSV')).toBe('csv');
  expect(importFileKindOf('leads.2024.xlsx')).toBe('xlsx');
  expect(importFileKindOf('leads.xls')).toBeNull();
  expect(importFileKindOf('leads.csv.txt')).toBeNull();
  expect(importFileKindOf('csv')).toBeNull();
  expect(refusalOf({ name: 'leads.pdf', size: 10 })).toBe('extensionNotAllowed');
  expect(refusalOf({ name: 'leads.csv', size: 200 * 1024 * 1024 })).toBe('tooLarge');
  expect(refusalOf({ name: 'leads.csv', size: 10 })).toBeNull();
});

test("builds a body the contract accepts, leaving unset fixed values out, with the zone the file's date-times are read in", () => {
  const body = importRequestOf(
    uploadId,
    {
      options: { delimiter: ';', escape: '\\', ignoreFirstLine: true },
      mapping: { C: 'email', A: 'name', B: undefined },
      fixed: { ...noFixedValues, statusId: 10, tagIds: [4, 5] },
      send: noImportSend,
      autoDistribute: false,
    },
    'Europe/Berlin',
  );
  expect(body).toEqual({
    upload_id: uploadId,
    options: { delimiter: ';', escape: '\\', ignore_first_line: true },
    columns: { A: 'name', C: 'email' },
    fixed: { status_id: 10, tag_ids: [4, 5] },
    time_zone: 'Europe/Berlin',
  });
  expect(importRequest.safeParse(body).success).toBe(true);
  // By default the browser's zone, the one the dialog names.
  expect(importRequestOf(uploadId, { options: defaultImportOptions, mapping: { A: 'email' }, fixed: noFixedValues, send: noImportSend, autoDistribute: false }).time_zone).toBe(
    Intl.DateTimeFormat().resolvedOptions().timeZone,
  );
});

test('a dry run stays valid only for the same file and settings', () => {
  const draft = { options: defaultImportOptions, mapping: { A: 'email' as const }, fixed: noFixedValues, send: noImportSend, autoDistribute: false };
  expect(draftKey('f1', draft)).toBe(draftKey('f1', { ...draft, mapping: { A: 'email' } }));
  expect(draftKey('f1', draft)).not.toBe(draftKey('f2', draft));
  expect(draftKey('f1', draft)).not.toBe(draftKey('f1', { ...draft, options: { ...defaultImportOptions, ignoreFirstLine: true } }));
  expect(draftKey('f1', draft)).not.toBe(draftKey('f1', { ...draft, fixed: { ...noFixedValues, sourceId: 1 } }));
  // Where the leads go afterwards does not change what the dry run found.
  expect(draftKey('f1', draft)).toBe(draftKey('f1', { ...draft, send: { on: true, departmentId: 8 } }));
  expect(draftKey('f1', draft)).toBe(draftKey('f1', { ...draft, autoDistribute: true }));
});

test('auto-distribute is sent only when it is on', () => {
  const draft = { options: defaultImportOptions, mapping: { A: 'email' as const }, fixed: noFixedValues, send: noImportSend, autoDistribute: false };
  expect(importRequestOf(uploadId, draft)).not.toHaveProperty('auto_distribute');
  const distributing = importRequestOf(uploadId, { ...draft, autoDistribute: true });
  expect(distributing).toMatchObject({ auto_distribute: true });
  expect(importRequest.safeParse(distributing).success).toBe(true);
});

test('"import then send" adds the department only when it is on and one is chosen', () => {
  const draft = { options: defaultImportOptions, mapping: { A: 'email' as const }, fixed: noFixedValues, send: noImportSend, autoDistribute: false };
  expect(importRequestOf(uploadId, { ...draft, send: { on: false, departmentId: 8 } })).not.toHaveProperty('send_department_id');
  const sending = importRequestOf(uploadId, { ...draft, send: { on: true, departmentId: 8 } });
  expect(sending).toMatchObject({ send_department_id: 8 });
  expect(importRequest.safeParse(sending).success).toBe(true);
  expect(sendsNowhere({ ...draft, send: { on: true, departmentId: null } })).toBe(true);
  expect(sendsNowhere({ ...draft, send: { on: true, departmentId: 8 } })).toBe(false);
  expect(sendsNowhere(draft)).toBe(false);
});

test('places server messages under their fields and file-level ones with the file', () => {
  expect(
    placeImportErrors({
      'fixed.status_id': 'This status is not allowed in imports.',
      'fixed.tag_ids.1': 'The tag does not exist.',
      columns: 'Map a column to email or phone: a lead needs one of them.',
      'columns.ZZZ': 'A column is named by one or two letters (A to ZZ).',
      upload_id: 'The file has more than 200,000 rows: split it and import the parts.',
      'options.escape': 'The escape is one character.',
    }),
  ).toEqual({
    'fixed.status_id': 'This status is not allowed in imports.',
    'fixed.tag_ids': 'The tag does not exist.',
    columns: 'Map a column to email or phone: a lead needs one of them. ZZZ: A column is named by one or two letters (A to ZZ).',
    file: 'The file has more than 200,000 rows: split it and import the parts.',
    'options.escape': 'The escape is one character.',
  });
});
