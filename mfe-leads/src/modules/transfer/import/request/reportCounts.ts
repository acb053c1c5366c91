/** The figures of an import report (dry run or job result) as the dialog shows them. */
import { failedLeadReasonCodes, importReport, type FailedLeadReasonCode, type ImportReport } from '@crm/shared/contract';

/** The reasons with boxes of their own: the rest make up "Invalid". */
const ownBoxes: ReadonlySet<FailedLeadReasonCode> = new Set(['DUPLICATE', 'BLACKLISTED']);

/** Refused rows other than duplicates and blacklisted ones (the report's `invalid` counts those too). */
function otherInvalid(report: ImportReport): number {
  return failedLeadReasonCodes.filter((reason) => !ownBoxes.has(reason)).reduce((sum, reason) => sum + (report.invalid[reason] ?? 0), 0);
}

export type ReportFigure = 'rows' | 'valid' | 'invalid' | 'duplicates' | 'blacklisted' | 'blankLines';

/** The boxes, each row in one of them: valid + invalid + duplicates + blacklisted + blank lines = rows. */
export function reportFigures(report: ImportReport): [ReportFigure, number][] {
  return [
    ['rows', report.rows],
    ['valid', report.valid],
    ['invalid', otherInvalid(report)],
    ['duplicates', report.duplicates],
    ['blacklisted', report.blacklisted],
    ['blankLines', report.blank_lines],
  ];
}

/** The reasons making up "Invalid" with a count above zero, in the contract's order. */
export function invalidByReason(report: ImportReport): { reason: FailedLeadReasonCode; count: number }[] {
  return failedLeadReasonCodes
    .filter((reason) => !ownBoxes.has(reason))
    .map((reason) => ({ reason, count: report.invalid[reason] ?? 0 }))
    .filter((entry) => entry.count > 0);
}

/** A job's result, when it is an import report. */
export function reportOfJobResult(result: unknown): ImportReport | null {
  const parsed = importReport.safeParse(result);
  return parsed.success ? parsed.data : null;
}
