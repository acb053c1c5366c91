/** Login, profile and logout calls (docs/product.md#session), on the one RTK Query api. */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import type { LoginBody, LoginResponse, Profile } from '../../contract/index.ts';
import { sessionActions } from '../store/session.ts';
import { baseApi } from '../http/baseApi.ts';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({ query: (body) => ({ url: '/login', method: 'POST', data: body }) }),
    profile: build.query<{ data: Profile }, void>({ query: () => ({ url: '/profile' }), providesTags: ['Profile'] }),
    logout: build.mutation<{ message: string }, void>({ query: () => ({ url: '/logout', method: 'DELETE' }) }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;

/**
 * The profile refresh: GET /profile, then the session takes what changed. The host runs it every
 * 30 s; a screen runs it at once after changing the user's data or unread total, so the header follows.
 */
export async function refreshProfile(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>): Promise<void> {
  const result = await dispatch(authApi.endpoints.profile.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
  dispatch(sessionActions.profileRefreshed(result.data));
}
