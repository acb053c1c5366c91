/** Links out of the import dialog, from the one route table. */
import { routeTable } from '@crm/shared/routes';

function pathOfPage(page: string, fallback: string): string {
  const route = routeTable.find((entry) => entry.page === page);
  return `/${route?.path ?? fallback}`;
}

export const failedLeadsPath = pathOfPage('FailedLeadsPage', 'failed/lead/search');
export const jobsPath = pathOfPage('JobsPage', 'profile/jobs');
