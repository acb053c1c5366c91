/**
 * The calls of the profile pages (profile, browser sessions, notifications, jobs), injected into the one
 * RTK Query api. Opening a notification marks it read on the server (GET /notifications/:id), so that
 * query, like marking all read, refreshes the session to keep the header bell in step.
 */
import { authApi, baseApi, followJobList, refreshProfile, sessionActions } from '@crm/shared';
import type { BrowserSession, Job, NotificationSummary, PaginationMeta, PasswordChangeBody, Profile, ProfileUpdateBody } from '@crm/shared/contract';

type PageArgs = { page: number; perPage: number };
type Page<Item> = { data: Item[]; meta: PaginationMeta };
type Message = { message: string };

const notificationList = { type: 'Notifications', id: 'LIST' } as const;
const jobList = { type: 'Jobs', id: 'LIST' } as const;

const profileApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    updateProfile: build.mutation<Message & { data: Profile }, ProfileUpdateBody>({
      query: (body) => ({ url: '/profile', method: 'PUT', data: body }),
      invalidatesTags: ['Profile'],
      async onQueryStarted(_body, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: null }));
        if (data) dispatch(sessionActions.profileRefreshed(data.data));
      },
    }),
    changePassword: build.mutation<Message, PasswordChangeBody>({
      query: (body) => ({ url: '/profile/password', method: 'PUT', data: body }),
      // The change signs out the other sessions.
      invalidatesTags: ['Sessions'],
    }),
    browserSessions: build.query<{ data: BrowserSession[] }, void>({
      query: () => ({ url: '/profile/sessions' }),
      providesTags: ['Sessions'],
    }),
    logoutOtherSessions: build.mutation<Message & { data: { revoked: number } }, void>({
      query: () => ({ url: '/profile/sessions/others', method: 'DELETE' }),
      invalidatesTags: ['Sessions'],
    }),
    notifications: build.query<Page<NotificationSummary>, PageArgs>({
      query: ({ page, perPage }) => ({ url: '/notifications', params: { page, per_page: perPage } }),
      providesTags: [notificationList],
    }),
    notification: build.query<{ data: NotificationSummary }, number>({
      query: (id) => ({ url: `/notifications/${id}` }),
      providesTags: (_result, _error, id) => [{ type: 'Notifications', id }],
      async onQueryStarted(_id, { dispatch, queryFulfilled }) {
        if (!(await succeeded(queryFulfilled))) return;
        // Only the list: invalidating this notification's own tag would fetch it again, endlessly.
        dispatch(profileApi.util.invalidateTags([notificationList]));
        await refreshProfile(dispatch).catch(logRefreshFailure);
      },
    }),
    markAllNotificationsRead: build.mutation<Message, void>({
      query: () => ({ url: '/notifications/read/all', method: 'PUT', data: {} }),
      invalidatesTags: [notificationList],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        if (await succeeded(queryFulfilled)) await refreshProfile(dispatch).catch(logRefreshFailure);
      },
    }),
    jobs: build.query<Page<Job>, PageArgs>({
      query: ({ page, perPage }) => ({ url: '/jobs', params: { page, per_page: perPage } }),
      providesTags: [jobList],
      onCacheEntryAdded: followJobList<PageArgs, Page<Job>>((page) => page.data),
    }),
    cancelJob: build.mutation<{ data: Job }, number>({
      query: (id) => ({ url: `/jobs/${id}/cancel`, method: 'PUT', data: {} }),
      invalidatesTags: [jobList],
    }),
  }),
});

async function succeeded(queryFulfilled: Promise<unknown>): Promise<boolean> {
  return queryFulfilled.then(
    () => true,
    () => false,
  );
}

function logRefreshFailure(error: unknown): void {
  console.warn('profile refresh failed', error instanceof Error ? error.message : error);
}

export const {
  useUpdateProfileMutation,
  useChangePasswordMutation,
  useBrowserSessionsQuery,
  useLogoutOtherSessionsMutation,
  useNotificationsQuery,
  useNotificationQuery,
  useMarkAllNotificationsReadMutation,
  useJobsQuery,
  useCancelJobMutation,
} = profileApi;
export const useJobsQueryState = profileApi.endpoints.jobs.useQueryState;
/** GET /profile, the source of the form values (the session does not hold the locale). */
export const useProfileQuery = authApi.endpoints.profile.useQuery;
