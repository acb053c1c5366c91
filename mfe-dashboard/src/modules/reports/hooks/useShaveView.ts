/**
 * The Reports page's tab and the shave watch's week and horizon, kept in the URL (shaveView.ts). Each tab owns the
 * query while it is shown: the report's range and grouping (useReportView) or the shave watch's; switching tabs starts
 * the other from its defaults.
 */
import { useLocation, useNavigate } from 'react-router-dom';
import { browserTimeZone } from '@crm/shared';
import { parseShaveView, shaveViewQuery, tabOf, type ReportTab, type ShaveView } from '../shaveView.ts';

export function useReportsTab(): { tab: ReportTab; setTab(tab: ReportTab): void } {
  const { search } = useLocation();
  const navigate = useNavigate();
  return {
    tab: tabOf(new URLSearchParams(search)),
    setTab: (tab) => void navigate({ search: tab === 'shave' ? '?tab=shave' : '' }),
  };
}

export type ShaveViewState = { view: ShaveView; timeZone: string; setView(view: ShaveView): void };

export function useShaveView(): ShaveViewState {
  const { search } = useLocation();
  const navigate = useNavigate();
  return {
    view: parseShaveView(new URLSearchParams(search)),
    timeZone: browserTimeZone(),
    setView: (view) => void navigate({ search: `?${shaveViewQuery(view)}` }, { replace: true }),
  };
}
