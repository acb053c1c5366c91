/** The preview of a picked file, by its kind; any failure becomes a PreviewError the dialog can word. */
import type { ImportFileKind } from '@crm/shared/contract';
import { previewCsv } from './csvPreview.ts';
import type { FilePreview, PreviewSettings } from './filePreview.ts';
import { PreviewError } from './previewErrors.ts';
import { previewXlsx } from './xlsxPreview.ts';

export async function previewFile(file: File, kind: ImportFileKind, settings: PreviewSettings): Promise<FilePreview> {
  try {
    return kind === 'csv' ? await previewCsv(file, settings) : await previewXlsx(file, settings);
  } catch (error) {
    throw error instanceof PreviewError ? error : new PreviewError('unreadable', error);
  }
}
