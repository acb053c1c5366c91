/** Links to other screens, taken from the one route table so a moved route never leaves a dead link here. */
import { generatePath } from 'react-router-dom';
import { routeTable } from '@crm/shared/routes';

function pathOfPage(page: string): string {
  const route = routeTable.find((entry) => entry.page === page);
  if (!route) throw new Error(`no route shows ${page}`);
  return `/${route.path}`;
}

export const jobsPath = (): string => pathOfPage('JobsPage');
export const leadProfilePath = (id: number): string => generatePath(pathOfPage('LeadProfilePage'), { id: String(id) });
