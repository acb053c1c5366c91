/** The routes this remote links to, written as the route table has them (a typo is a type error). */
import { generatePath } from 'react-router-dom';
import type { RoutePath } from '@crm/shared/routes';

const departmentHistoriesRoute: RoutePath = 'broker/department/:id/histories/view';
const departmentsRoute: RoutePath = 'broker/department/search';
const requestsRoute: RoutePath = 'settings/requests';

export const departmentHistoriesPath = (id: number) => generatePath(`/${departmentHistoriesRoute}`, { id: String(id) });
export const departmentsPath = `/${departmentsRoute}`;
/** The request log narrowed to one integration's calls (the requests page reads `send_integration_id`). */
export const integrationRequestsPath = (id: number) => `/${requestsRoute}?send_integration_id=${id}`;

/** The id of `broker/department/:id/histories/view`, or null when the URL's text is not one. */
export function parseDepartmentId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
