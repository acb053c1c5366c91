/**
 * The signed-in user (docs/product.md#session). Signed out by default; login fills it and
 * marks it loaded; a profile refresh updates name, e-mail, sender flag and notifications, and replaces
 * settings and permissions only when they changed (so selectors and memoised menus keep their identity).
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { LoginResponse, NotificationSummary, Profile } from '../../contract/index.ts';

export type UserSetting = Profile['settings'][number];

export type SessionState = {
  name: string;
  email: string;
  isSender: boolean;
  permissions: string[];
  notifications: NotificationSummary[];
  totalNotifications: number;
  settings: UserSetting[];
  accessToken: string | null;
  tokenType: string | null;
  tokenExpiresAt: string | null;
  loading: boolean;
  loaded: boolean;
  failed: boolean;
};

export const initialSessionState: SessionState = {
  name: '',
  email: '',
  isSender: false,
  permissions: [],
  notifications: [],
  totalNotifications: 0,
  settings: [],
  accessToken: null,
  tokenType: null,
  tokenExpiresAt: null,
  loading: false,
  loaded: false,
  failed: false,
};

const sameJson = (left: unknown, right: unknown) => JSON.stringify(left) === JSON.stringify(right);

export const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSessionState,
  reducers: {
    loginStarted(state) {
      state.loading = true;
      state.failed = false;
    },
    loginFailed(state) {
      state.loading = false;
      state.failed = true;
    },
    loggedIn(_state, action: PayloadAction<LoginResponse['data']>) {
      const { user, permissions, access_token, token_type, expires_at } = action.payload;
      return {
        name: user.name,
        email: user.email,
        isSender: user.is_sender,
        permissions,
        notifications: user.notifications,
        totalNotifications: user.total_notifications,
        settings: user.settings,
        accessToken: access_token,
        tokenType: token_type,
        tokenExpiresAt: expires_at,
        loading: false,
        loaded: true,
        failed: false,
      };
    },
    profileRefreshed(state, action: PayloadAction<Profile>) {
      const profile = action.payload;
      state.name = profile.name;
      state.email = profile.email;
      state.isSender = profile.is_sender;
      state.notifications = profile.notifications;
      state.totalNotifications = profile.total_notifications;
      if (!sameJson(state.settings, profile.settings)) state.settings = profile.settings;
      if (!sameJson(state.permissions, profile.permissions)) state.permissions = profile.permissions;
    },
    /** A live notification event's unread total, before the profile refresh brings the list. */
    unreadChanged(state, action: PayloadAction<number>) {
      state.totalNotifications = action.payload;
    },
    /** Resets the session; the option lists and the dashboard listen to it too. */
    loggedOut() {
      return initialSessionState;
    },
  },
  selectors: {
    selectIsLoggedIn: (state) => Boolean(state.accessToken),
    selectPermissions: (state) => state.permissions,
    selectAccessToken: (state) => state.accessToken,
  },
});

export const sessionActions = sessionSlice.actions;
export const { selectIsLoggedIn, selectPermissions, selectAccessToken } = sessionSlice.selectors;
