import { useDispatch, useSelector, useStore } from 'react-redux';
import type { AppDispatch, AppStore } from './createAppStore.ts';
import type { RootState } from './rootReducer.ts';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
export const useAppStore = useStore.withTypes<AppStore>();
