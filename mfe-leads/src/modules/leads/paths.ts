/** The routes of the lead screens (SPEC §2), as the host mounts them. */
export const leadSearchPath = '/lead/search';
export const leadProfilePath = (id: number) => `/lead/single/${id}`;
/** The request log (mfe-settings) narrowed to one lead's calls: its sends and postbacks. */
export const leadRequestsPath = (id: number) => `/settings/requests?lead_id=${id}`;

/** The id of `lead/single/:id`, or null when the URL's text is not one. */
export function parseLeadId(raw: string | undefined): number | null {
  const id = Number(raw);
  return Number.isInteger(id) && id > 0 && id <= 2_147_483_647 ? id : null;
}
