/**
 * What the import dialog holds before anything is sent: the picked file (checked: csv or xlsx, size), its
 * preview, the options, the start row, the column mapping (suggested from row 1 until changed by hand) and the
 * fixed values, "import then send" and where to, auto-distribute — and the draft the dry run and the import are asked for.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import { columnLetters } from '@crm/shared';
import type { ImportableLeadField, ImportFileKind } from '@crm/shared/contract';
import { mapColumn, mappingOfColumns, type ColumnMapping } from '../mapping/columnMapping.ts';
import { suggestMapping } from '../mapping/suggestMapping.ts';
import { clampStartRow } from '../preview/filePreview.ts';
import { importFileKindOf, refusalOf, type FileRefusal } from '../request/fileChecks.ts';
import { defaultImportOptions, noFixedValues, type FixedValueChoices, type ImportDraft, type ImportOptionValues } from '../request/importRequestBody.ts';
import { noSendTarget, type SendTarget } from '../../send/sendRequest.ts';
import { useDebouncedValue } from './useDebouncedValue.ts';
import { useFilePreview, type FilePreviewState } from './useFilePreview.ts';

export type PickedFile = { file: File; kind: ImportFileKind; /** Tells one pick from another, even of the same file. */ key: string };

const startRowSettleMs = 200;

export type ImportDraftState = {
  picked: PickedFile | null;
  refusal: FileRefusal | null;
  options: ImportOptionValues;
  startRow: number;
  read: FilePreviewState;
  letters: string[];
  mapping: ColumnMapping;
  /** Whether row 1 names fields (a header the import should skip). */
  headerLike: boolean;
  fixed: FixedValueChoices;
  /** "Import then send" and the broker and department chosen for it. */
  send: ImportSendState;
  /** Queue the imported leads for distribution (issue 33). */
  autoDistribute: boolean;
  /** What a dry run or an import of this draft sends (the detected CSV delimiter made explicit). */
  draft: ImportDraft;
  chooseFile(file: File | null): void;
  setOptions(change: Partial<ImportOptionValues>): void;
  setStartRow(row: number): void;
  mapLetter(letter: string, field: ImportableLeadField | null): void;
  setFixed(change: Partial<FixedValueChoices>): void;
  setSend(change: Partial<ImportSendState>): void;
  setAutoDistribute(on: boolean): void;
};

export type ImportSendState = { on: boolean; target: SendTarget };

export function useImportDraft(): ImportDraftState {
  const picks = useRef(0);
  const [picked, setPicked] = useState<PickedFile | null>(null);
  const [refusal, setRefusal] = useState<FileRefusal | null>(null);
  const [options, setOptionValues] = useState(defaultImportOptions);
  const [startRow, setStartRowValue] = useState(1);
  /** The mapping once changed by hand; until then the one suggested from row 1. */
  const [handMapping, setHandMapping] = useState<ColumnMapping | null>(null);
  const [fixed, setFixedValues] = useState(noFixedValues);
  const [send, setSendState] = useState<ImportSendState>({ on: false, target: noSendTarget });
  const [autoDistribute, setAutoDistribute] = useState(false);

  const previewStartRow = useDebouncedValue(startRow, startRowSettleMs);
  const read = useFilePreview(picked?.file ?? null, picked?.kind ?? null, { startRow: previewStartRow, delimiter: options.delimiter, escape: options.escape });
  const preview = read.preview;
  const letters = useMemo(() => columnLetters(preview?.columnCount ?? 0), [preview?.columnCount]);
  const suggested = useMemo(() => (preview ? suggestMapping(preview.header, letters) : {}), [preview, letters]);
  // Derived, not copied in an effect: the preview shows with its suggested mapping in one render, not two.
  const mapping = handMapping ?? suggested;

  const chooseFile = useCallback((file: File | null) => {
    const refused = file ? refusalOf(file) : null;
    const kind = file ? importFileKindOf(file.name) : null;
    picks.current += 1;
    setRefusal(refused);
    setPicked(file && kind && !refused ? { file, kind, key: `${picks.current}:${file.name}:${file.size}` } : null);
    setHandMapping(null);
    setStartRowValue(1);
  }, []);

  const mapLetter = useCallback((letter: string, field: ImportableLeadField | null) => setHandMapping((before) => mapColumn(before ?? suggested, letter, field)), [suggested]);

  const setOptions = useCallback((change: Partial<ImportOptionValues>) => setOptionValues((before) => ({ ...before, ...change })), []);
  const setFixed = useCallback((change: Partial<FixedValueChoices>) => setFixedValues((before) => ({ ...before, ...change })), []);
  const setSend = useCallback((change: Partial<ImportSendState>) => setSendState((before) => ({ ...before, ...change })), []);
  const setStartRow = useCallback((row: number) => setStartRowValue(clampStartRow(row)), []);

  const columns = useMemo(() => mappingOfColumns(mapping, letters), [mapping, letters]);
  const delimiter = picked?.kind === 'csv' ? options.delimiter || preview?.delimiter || '' : options.delimiter;
  const draft = useMemo(
    () => ({ options: { ...options, delimiter }, mapping: columns, fixed, send: { on: send.on, departmentId: send.target.departmentId }, autoDistribute }),
    [options, delimiter, columns, fixed, send, autoDistribute],
  );

  return {
    picked,
    refusal,
    options,
    startRow,
    read,
    letters,
    mapping: columns,
    headerLike: Object.keys(suggested).length > 0,
    fixed,
    send,
    autoDistribute,
    draft,
    chooseFile,
    setOptions,
    setStartRow,
    mapLetter,
    setFixed,
    setSend,
    setAutoDistribute,
  };
}
