/**
 * Where the tab's live-update stream stands (DESIGN §6). `off`: not started (signed out, or a browser without
 * EventSource); `connecting`: the first connection; `open`: live, screens stop polling; `reconnecting`: it dropped,
 * screens poll again and the header says so. Not persisted: a reload starts its own stream.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type LiveStatus = 'off' | 'connecting' | 'open' | 'reconnecting';

export const liveSlice = createSlice({
  name: 'live',
  initialState: { status: 'off' as LiveStatus },
  reducers: {
    statusChanged(state, action: PayloadAction<LiveStatus>) {
      state.status = action.payload;
    },
  },
  selectors: {
    selectLiveStatus: (state) => state.status,
  },
});

export const liveActions = liveSlice.actions;
export const { selectLiveStatus } = liveSlice.selectors;
