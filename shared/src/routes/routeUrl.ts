/**
 * Links between screens, written with the route table's own paths: a route renamed in the table is a type error at
 * every link to it, in every remote, and a path parameter left out is one too.
 */
import type { RoutePath } from './routeTable.ts';

/** The `:name` parameters of a route path: 'lead/single/:id' → 'id'. */
type ParamOf<Path extends string> = Path extends `${string}:${infer Name}/${infer Rest}` ? Name | ParamOf<Rest> : Path extends `${string}:${infer Name}` ? Name : never;

type Query = Record<string, string | number | undefined>;
type RouteArgs<Path extends RoutePath> = [ParamOf<Path>] extends [never] ? [params?: undefined, query?: Query] : [params: Record<ParamOf<Path>, string | number>, query?: Query];

/** The absolute URL of a route: its parameters filled in, and the query's defined values after a '?'. */
export function routeUrl<Path extends RoutePath>(path: Path, ...[params, query = {}]: RouteArgs<Path>): string {
  const values: Partial<Record<string, string | number>> = params ?? {};
  const filled = path.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(String(values[name])));
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) search.set(name, String(value));
  const text = search.toString();
  return `/${filled}${text ? `?${text}` : ''}`;
}

/** A route's numeric `:id` (a positive 32-bit integer written in digits), or null when the URL's text is not one. */
export function parseRouteId(raw: string | undefined): number | null {
  if (!raw || !/^\d+$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
