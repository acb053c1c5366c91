/**
 * The lead import calls (issue 6) on the one RTK Query api: upload the file (multipart; the one HTTP client sets
 * no JSON content type, so axios sends the FormData with its boundary), dry run, start the job, and read the
 * job until it ends. When it ends, the lead search and the failed leads refetch (their 'LIST' tags).
 */
import { baseApi, followJob } from '@crm/shared';
import type { ImportReport, ImportRequest, ImportUpload, Job } from '@crm/shared/contract';

const listTag = 'LIST';

/** The answer's `data` (the `{ data }` envelope), or the answer itself when it came bare. */
function unwrap<Payload>(response: unknown, bareKey: string): Payload {
  const body = response as Record<string, unknown> | null;
  return (body && !(bareKey in body) && 'data' in body ? body.data : body) as Payload;
}

function uploadBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file, file.name);
  return body;
}

const importApi = baseApi.enhanceEndpoints({ addTagTypes: ['Lead', 'FailedLead'] }).injectEndpoints({
  endpoints: (build) => ({
    leadImportUpload: build.mutation<ImportUpload, File>({
      query: (file) => ({ url: '/lead/import/file', method: 'POST', data: uploadBody(file) }),
      transformResponse: (response: unknown) => unwrap<ImportUpload>(response, 'upload_id'),
    }),
    leadImportDryRun: build.mutation<ImportReport, ImportRequest>({
      query: (body) => ({ url: '/lead/import/dry-run', method: 'POST', data: body }),
      transformResponse: (response: unknown) => unwrap<ImportReport>(response, 'rows'),
    }),
    leadImportStart: build.mutation<Job, ImportRequest>({
      query: (body) => ({ url: '/lead/import', method: 'POST', data: body }),
      transformResponse: (response: unknown) => unwrap<Job>(response, 'status'),
      // The jobs page lists jobs under the shared 'Jobs' tag.
      invalidatesTags: ['Jobs'],
    }),
    leadImportJob: build.query<Job, number>({
      // The import's own route: an importer need not hold the jobs page's permission to follow it.
      query: (id) => ({ url: `/lead/import/${id}` }),
      transformResponse: (response: unknown) => unwrap<Job>(response, 'status'),
      keepUnusedDataFor: 0,
      onCacheEntryAdded: followJob<Job>((job) => job),
    }),
  }),
});

export const { useLeadImportUploadMutation, useLeadImportDryRunMutation, useLeadImportStartMutation, useLeadImportJobQuery } = importApi;

/** After an import: new leads in the search, rejected rows in the failed leads. */
export const refreshImportedLists = () => importApi.util.invalidateTags([{ type: 'Lead', id: listTag }, { type: 'FailedLead', id: listTag }, 'Jobs']);
