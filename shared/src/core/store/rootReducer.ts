/**
 * The one root reducer. The host creates the one store from it; remotes add their slices with
 * `rootReducer.inject(slice)` and declare them by augmenting LazyLoadedSlices.
 */
import { combineSlices } from '@reduxjs/toolkit';
import { baseApi } from '../http/baseApi.ts';
import { liveSlice } from '../live/liveSlice.ts';
import { localesSlice } from './locales.ts';
import { optionsSlice } from './options.ts';
import { sessionSlice } from './session.ts';

// An interface, not a type: remotes extend it by declaration merging.
export interface LazyLoadedSlices {}

export const rootReducer = combineSlices(sessionSlice, optionsSlice, localesSlice, liveSlice, baseApi).withLazyLoadedSlices<LazyLoadedSlices>();

export type RootState = ReturnType<typeof rootReducer>;
