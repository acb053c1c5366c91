/** Login, profile and logout calls (SPEC §7), on the one RTK Query api. */
import type { LoginBody, LoginResponse, Profile } from '../../contract/index.ts';
import { baseApi } from '../http/baseApi.ts';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginBody>({ query: (body) => ({ url: '/login', method: 'POST', data: body }) }),
    profile: build.query<{ data: Profile }, void>({ query: () => ({ url: '/profile' }), providesTags: ['Profile'] }),
    logout: build.mutation<{ message: string }, void>({ query: () => ({ url: '/logout', method: 'DELETE' }) }),
  }),
});

export const { useLoginMutation, useLogoutMutation } = authApi;
