/** What the dialog checks about a picked file before reading or uploading it (csv or xlsx only). */
import { importFileKinds, importMaxFileBytes, type ImportFileKind } from '@crm/shared/contract';

export type FileRefusal = 'extensionNotAllowed' | 'tooLarge';

export function importFileKindOf(fileName: string): ImportFileKind | null {
  const extension = fileName.slice(fileName.lastIndexOf('.') + 1).toLowerCase();
  return fileName.includes('.') ? (importFileKinds.find((kind) => kind === extension) ?? null) : null;
}

export function refusalOf(file: Pick<File, 'name' | 'size'>): FileRefusal | null {
  if (!importFileKindOf(file.name)) return 'extensionNotAllowed';
  if (file.size > importMaxFileBytes) return 'tooLarge';
  return null;
}
