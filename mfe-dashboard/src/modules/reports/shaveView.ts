/**
 * The Reports page's tab, and what the shave watch shows — its week and horizon — in the page's URL
 * (`?tab=shave&week=2026-03-09&horizon_days=7`), so a link shows the same. Free of React, so it is tested on its own.
 * Without a week the API picks the latest week whose horizon has passed.
 */
export type ReportTab = 'report' | 'shave';

export type ShaveView = {
  /** The week's Monday (`YYYY-MM-DD`); undefined: the API's default week. */
  week: string | undefined;
  horizonDays: number;
};

const defaultHorizonDays = 7;
export const maxHorizonDays = 60;

export const tabOf = (query: URLSearchParams): ReportTab => (query.get('tab') === 'shave' ? 'shave' : 'report');

/** A Monday that exists: the shape alone lets 2026-02-30 through. */
function isMonday(value: string | null): value is string {
  if (value === null || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value && date.getUTCDay() === 1;
}

/** A horizon of whole days 1 … 60; anything else is the default. */
export function horizonOf(raw: string | number | null): number {
  const days = typeof raw === 'number' ? raw : raw !== null && /^\d{1,2}$/.test(raw) ? Number(raw) : Number.NaN;
  return Number.isInteger(days) && days >= 1 && days <= maxHorizonDays ? days : defaultHorizonDays;
}

/** What the URL names; a week that is not a Monday, or a horizon out of range, is left to the defaults. */
export function parseShaveView(query: URLSearchParams): ShaveView {
  const week = query.get('week');
  return { week: isMonday(week) ? week : undefined, horizonDays: horizonOf(query.get('horizon_days')) };
}

/** The URL query of the shave watch, without the '?'. */
export function shaveViewQuery(view: ShaveView): string {
  return [['tab', 'shave'], ...(view.week ? [['week', view.week]] : []), ['horizon_days', String(view.horizonDays)]].map(([name, value]) => `${name}=${value}`).join('&');
}
