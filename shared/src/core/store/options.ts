/**
 * Option lists cached client-side (docs/product.md#option-lists), each going through loading → loaded | failed.
 * A list loads only for a user holding its gate; logout resets them all.
 */
import { createAsyncThunk, createSlice } from '@reduxjs/toolkit';
import type { PermissionRule } from '../../contract/index.ts';
import { isAllowed } from '../../contract/access.ts';
import { sessionActions } from './session.ts';

export const optionListNames = [
  'users',
  'brokers',
  'brokersForSend',
  'brokerDepartments',
  'sources',
  'tags',
  'countries',
  'statuses',
  'sentLeadStatuses',
  'sentHistoryFailureStatuses',
  'affiliateCompanies',
  'roles',
] as const;
export type OptionListName = (typeof optionListNames)[number];

type OptionSource = { path: string; gate: PermissionRule; /** The answer is a plain list, not `{ data }`. */ plain?: true };

/** Where each list comes from and who may load it, in the fixed order of the background cycle. */
export const optionSources: Record<OptionListName, OptionSource> = {
  users: { path: '/management/user/all', gate: 'options.users.all' },
  brokers: { path: '/broker/all', gate: 'options.brokers.all' },
  brokersForSend: { path: '/broker/all/for/send', gate: 'options.brokers.send' },
  brokerDepartments: { path: '/broker/department/all', gate: 'options.broker_departments.all' },
  sources: { path: '/settings/source/all', gate: 'options.sources.all' },
  tags: { path: '/settings/tag/all', gate: 'options.tags.all' },
  countries: { path: '/settings/country/all', gate: 'options.countries.all' },
  statuses: { path: '/settings/status/all', gate: 'options.statuses.all' },
  sentLeadStatuses: { path: '/lead/last/statuses/all', gate: 'options.statusesOfSent.all', plain: true },
  sentHistoryFailureStatuses: { path: '/lead/history/send/failure/statuses', gate: 'options.statuses.sendHistoryFailure', plain: true },
  affiliateCompanies: { path: '/settings/affiliate/company/all', gate: 'options.affiliateCompanies.all' },
  roles: { path: '/management/role/all', gate: { anyOf: ['management.user.create', 'management.user.update'] } },
};

export type OptionList = { data: unknown[]; loading: boolean; loaded: boolean; failed: boolean };
export type OptionsState = Record<OptionListName, OptionList>;

const emptyList: OptionList = { data: [], loading: false, loaded: false, failed: false };
export const initialOptionsState = Object.fromEntries(optionListNames.map((name) => [name, emptyList])) as OptionsState;

export function mayLoadOption(name: OptionListName, permissions: readonly string[]): boolean {
  return isAllowed(permissions, optionSources[name].gate);
}

export type OptionFetcher = (path: string) => Promise<unknown>;

/** Loads one list; the caller passes the HTTP GET so the slice stays free of the client. */
export const fetchOptionList = createAsyncThunk<unknown[], { name: OptionListName; get: OptionFetcher }>('options/fetch', async ({ name, get }) => {
  const source = optionSources[name];
  const body = await get(source.path);
  const list = source.plain ? body : (body as { data?: unknown }).data;
  if (!Array.isArray(list)) throw new Error(`unexpected answer for ${name}`);
  return list;
});

export const optionsSlice = createSlice({
  name: 'options',
  initialState: initialOptionsState,
  reducers: {},
  extraReducers: (builder) => {
    builder
      .addCase(fetchOptionList.pending, (state, action) => {
        state[action.meta.arg.name] = { ...state[action.meta.arg.name], loading: true, failed: false };
      })
      .addCase(fetchOptionList.fulfilled, (state, action) => {
        state[action.meta.arg.name] = { data: action.payload, loading: false, loaded: true, failed: false };
      })
      .addCase(fetchOptionList.rejected, (state, action) => {
        state[action.meta.arg.name] = { ...state[action.meta.arg.name], loading: false, failed: true };
      })
      .addCase(sessionActions.loggedOut, () => initialOptionsState);
  },
});
