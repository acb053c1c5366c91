/**
 * The last day of the week on show, kept in the URL (`/dashboard?date=2026-01-11`) so a week can be linked and
 * survives a reload; absent means the week ending today.
 */
import { useSearchParams } from 'react-router-dom';

const localDay = /^\d{4}-\d{2}-\d{2}$/;

export function useWeekEnding(): [string | undefined, (day: string | undefined) => void] {
  const [params, setParams] = useSearchParams();
  const day = params.get('date') ?? undefined;
  const setDay = (next: string | undefined) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next) updated.set('date', next);
        else updated.delete('date');
        return updated;
      },
      { replace: true },
    );
  return [day !== undefined && localDay.test(day) ? day : undefined, setDay];
}
