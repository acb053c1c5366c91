/**
 * The same profile refresh the host runs every 30 s, run at once after something changed the unread
 * total or the user's own data, so the header bell and user menu follow without waiting for the next tick.
 */
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { authApi, sessionActions } from '@crm/shared';

type AnyThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export async function refreshSessionProfile(dispatch: AnyThunkDispatch): Promise<void> {
  const result = await dispatch(authApi.endpoints.profile.initiate(undefined, { forceRefetch: true, subscribe: false })).unwrap();
  dispatch(sessionActions.profileRefreshed(result.data));
}
