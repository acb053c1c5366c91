/** The route-table paths of the management screens, absolute for react-router's navigate. */
export const managementPaths = {
  users: '/management/users',
  userCreate: '/management/user/create',
  userEdit: (id: number) => `/management/user/${id}/edit`,
  roles: '/management/roles',
  roleCreate: '/management/role/create',
  roleEdit: (id: number) => `/management/role/${id}/edit`,
} as const;

/** The numeric :id of an edit route, or null when it is not a positive integer. */
export function parseRouteId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && id <= 2_147_483_647 ? id : null;
}
