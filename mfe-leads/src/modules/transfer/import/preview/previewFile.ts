/** The preview of a picked file, by its kind; any failure becomes a PreviewError the dialog can word. */
import type { ImportFileKind } from '@crm/shared/contract';
import { previewCsv } from './csvPreview.ts';
import type { FilePreview, PreviewSettings } from './filePreview.ts';
import { PreviewError } from './previewErrors.ts';
import { loadXlsx, previewXlsx } from './xlsxPreview.ts';

export async function previewFile(file: File, kind: ImportFileKind, settings: PreviewSettings): Promise<FilePreview> {
  try {
    return kind === 'csv' ? await previewCsv(file, settings) : await previewXlsx(file, settings);
  } catch (error) {
    throw error instanceof PreviewError ? error : new PreviewError('unreadable', error);
  }
}

/**
 * Starts loading the xlsx library (its own chunk, and the longest part of a first workbook preview) while the person
 * picks a file, so the preview does not wait for it. A failed load is left to the preview, which reports it.
 */
export function preloadPreviewReaders(): void {
  loadXlsx().catch(() => undefined);
}
