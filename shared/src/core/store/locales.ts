/** Interface languages (code → name; by default only English). */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';

export type LocalesState = { data: Record<string, string>; loading: boolean; loaded: boolean; failed: boolean };

export const initialLocalesState: LocalesState = { data: { en: 'English' }, loading: false, loaded: false, failed: false };

export const fetchLocales = createAsyncThunk<Record<string, string>, { get: (path: string) => Promise<unknown> }>('locales/fetch', async ({ get }) => {
  const body = (await get('/locales')) as { data?: Record<string, string> };
  if (!body.data || typeof body.data !== 'object') throw new Error('unexpected locales answer');
  return body.data;
});

export const localesSlice = createSlice({
  name: 'locales',
  initialState: initialLocalesState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchLocales.pending, (state) => {
        state.loading = true;
        state.failed = false;
      })
      .addCase(fetchLocales.fulfilled, (_state, action) => ({ data: action.payload, loading: false, loaded: true, failed: false }))
      .addCase(fetchLocales.rejected, (state) => {
        state.loading = false;
        state.failed = true;
      });
  },
});
