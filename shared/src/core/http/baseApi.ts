/** RTK Query on the one HTTP client; every app injects its endpoints into this api. */
import { createApi, type BaseQueryFn } from '@reduxjs/toolkit/query/react';
import { AxiosError, type AxiosRequestConfig } from 'axios';
import { getHttpClient } from './client.ts';

export type HttpQuery = { url: string; method?: AxiosRequestConfig['method']; data?: unknown; params?: AxiosRequestConfig['params'] };
export type HttpQueryError = { status: number | 'FETCH_ERROR'; data: unknown };

export const axiosBaseQuery: BaseQueryFn<HttpQuery, unknown, HttpQueryError> = async ({ url, method = 'GET', data, params }) => {
  try {
    const response = await getHttpClient().request({ url, method, data, params });
    return { data: response.data };
  } catch (error) {
    if (error instanceof AxiosError && error.response) return { error: { status: error.response.status, data: error.response.data } };
    return { error: { status: 'FETCH_ERROR', data: error instanceof Error ? error.message : String(error) } };
  }
};

export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: axiosBaseQuery,
  tagTypes: ['Profile', 'Notifications', 'Jobs', 'Sessions'],
  endpoints: () => ({}),
});
