/**
 * Why a file cannot be previewed. xlsx 0.18.5 reads an encrypted workbook (an OLE compound file holding
 * EncryptionInfo and EncryptedPackage) only as far as to throw "File is password-protected" (agile and standard
 * encryption; "…: ECMA-376 Extensible" for the extensible kind, "ECMA-376 Encrypted file …" for a damaged one),
 * an encrypted legacy workbook with "Password is incorrect" when a given password does not match, and a
 * ZIP with encrypted entries with "Unsupported ZIP encryption".
 */
/** `tooBig`: past one of the import's bounds (previewBounds.ts), as the import itself would refuse it. */
export type PreviewErrorCode = 'passwordProtected' | 'passwordIncorrect' | 'unreadable' | 'tooBig';

export class PreviewError extends Error {
  readonly code: PreviewErrorCode;
  constructor(code: PreviewErrorCode, cause?: unknown) {
    super(cause instanceof Error ? cause.message : code, { cause });
    this.name = 'PreviewError';
    this.code = code;
  }
}

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : typeof error === 'string' ? error : '');

export function xlsxErrorCode(error: unknown): PreviewErrorCode {
  const message = messageOf(error);
  if (message.startsWith('Password is incorrect')) return 'passwordIncorrect';
  if (message.startsWith('File is password-protected') || /ECMA-376 Encrypted|ZIP encryption|Encryption scheme/i.test(message)) return 'passwordProtected';
  return 'unreadable';
}

export function previewErrorCode(error: unknown): PreviewErrorCode {
  return error instanceof PreviewError ? error.code : 'unreadable';
}
