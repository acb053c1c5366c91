/**
 * The report on show, kept in the page's URL (reportView.ts), so a reload, a link or a saved preset shows the same
 * report. A query is rewritten to the view it shows: a relative range's days are today's, not those written when the
 * link was made, and what could not be read is replaced by what is shown. A bare `/reports` (the menu's link) stays
 * bare until something is picked: it shows the default report.
 */
import { useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { browserTimeZone } from '@crm/shared';
import { todayIn } from '../../statistics/statistics.ts';
import { parseReportView, reportViewQuery, type ReportView } from '../reportView.ts';

export type ReportViewState = {
  view: ReportView;
  /** The view's URL query, without the '?' (what a preset saves). */
  query: string;
  /** Today in the browser's zone, where the relative ranges end. */
  today: string;
  timeZone: string;
  setView(view: ReportView): void;
  /** Shows the view a saved query names. */
  applyQuery(query: string): void;
};

export function useReportView(): ReportViewState {
  const { search } = useLocation();
  const navigate = useNavigate();
  const timeZone = browserTimeZone();
  const today = todayIn(timeZone);
  const view = useMemo(() => parseReportView(new URLSearchParams(search), today), [search, today]);
  const query = reportViewQuery(view);
  const shown = search.replace(/^\?/, '');

  useEffect(() => {
    if (shown !== '' && shown !== query) void navigate({ search: `?${query}` }, { replace: true });
  }, [shown, query, navigate]);

  return {
    view,
    query,
    today,
    timeZone,
    setView: (next) => void navigate({ search: `?${reportViewQuery(next)}` }, { replace: true }),
    applyQuery: (saved) => void navigate({ search: `?${reportViewQuery(parseReportView(new URLSearchParams(saved), today))}` }, { replace: true }),
  };
}
