/**
 * The API's checks on a status rule (`leadStatusSettingBodies`), mirrored in the form so the common mistakes
 * are caught before the round trip: two different statuses, and a duration of at least a day unless it is ignored.
 */
import type { StatusRuleBody } from '../api/statusRulesApi.ts';

export type StatusRuleValues = { condition_status_id?: number; last_status_id?: number; duration_day?: number | null; ignore_duration?: boolean };

export const maxDurationDays = 3650;

export function sameStatuses(values: StatusRuleValues): boolean {
  return values.condition_status_id !== undefined && values.condition_status_id === values.last_status_id;
}

export function durationMissing(values: StatusRuleValues): boolean {
  if (values.ignore_duration === true) return false;
  const days = values.duration_day;
  return days === undefined || days === null || !Number.isInteger(days) || days < 1;
}

/** The body of a valid form; an ignored, empty duration is sent as 0 (the column is never empty). */
export function ruleBodyOf(values: Required<Pick<StatusRuleValues, 'condition_status_id' | 'last_status_id'>> & StatusRuleValues): StatusRuleBody {
  return {
    condition_status_id: values.condition_status_id,
    last_status_id: values.last_status_id,
    duration_day: values.duration_day ?? 0,
    ignore_duration: values.ignore_duration === true,
  };
}
