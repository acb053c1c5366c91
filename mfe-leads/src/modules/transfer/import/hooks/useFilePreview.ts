/**
 * Reads the preview of the picked file whenever the file or the preview settings change. The last preview of the
 * same file stays on screen while the next is read; an answer that arrives after a newer request is dropped.
 */
import { useEffect, useState } from 'react';
import type { ImportFileKind } from '@crm/shared/contract';
import type { FilePreview, PreviewSettings } from '../preview/filePreview.ts';
import { previewErrorCode, type PreviewErrorCode } from '../preview/previewErrors.ts';
import { previewFile } from '../preview/previewFile.ts';

export type FilePreviewState = { preview: FilePreview | null; reading: boolean; error: PreviewErrorCode | null };

type Read = FilePreviewState & { file: File | null };

const nothing: Read = { file: null, preview: null, reading: false, error: null };

export function useFilePreview(file: File | null, kind: ImportFileKind | null, settings: PreviewSettings): FilePreviewState {
  const [state, setState] = useState<Read>(nothing);
  const { startRow, delimiter, escape } = settings;
  // An xlsx preview does not depend on the CSV options: changing them must not read the workbook again.
  const csvDelimiter = kind === 'csv' ? delimiter : '';
  const csvEscape = kind === 'csv' ? escape : '';

  useEffect(() => {
    if (!file || !kind) {
      setState(nothing);
      return undefined;
    }
    let current = true;
    setState((before) => (before.file === file ? { ...before, reading: true } : { ...nothing, file, reading: true }));
    previewFile(file, kind, { startRow, delimiter: csvDelimiter, escape: csvEscape }).then(
      (preview) => current && setState({ file, preview, reading: false, error: null }),
      (error: unknown) => current && setState({ file, preview: null, reading: false, error: previewErrorCode(error) }),
    );
    return () => {
      current = false;
    };
  }, [file, kind, startRow, csvDelimiter, csvEscape]);

  if (state.file !== file) return { ...nothing, reading: file !== null };
  return { preview: state.preview, reading: state.reading, error: state.error };
}
