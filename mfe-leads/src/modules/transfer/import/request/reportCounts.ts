/** The figures of an import report (dry run or job result) as the dialog shows them. */
import { failedLeadReasonCodes, importReport, type FailedLeadReasonCode, type ImportReport } from '@crm/shared/contract';

export function invalidTotal(report: ImportReport): number {
  return Object.values(report.invalid).reduce((sum, count) => sum + (count ?? 0), 0);
}

/** Reasons with a count above zero, in the contract's order. */
export function invalidByReason(report: ImportReport): { reason: FailedLeadReasonCode; count: number }[] {
  return failedLeadReasonCodes.map((reason) => ({ reason, count: report.invalid[reason] ?? 0 })).filter((entry) => entry.count > 0);
}

/** A job's result, when it is an import report. */
export function reportOfJobResult(result: unknown): ImportReport | null {
  const parsed = importReport.safeParse(result);
  return parsed.success ? parsed.data : null;
}
