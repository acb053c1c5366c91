/** The routes this remote links to, written as the route table has them (a typo is a type error). */
import { generatePath } from 'react-router-dom';
import type { RoutePath } from '@crm/shared/routes';

const leadProfileRoute: RoutePath = 'lead/single/:id';

export const leadProfilePath = (id: number) => generatePath(`/${leadProfileRoute}`, { id: String(id) });
