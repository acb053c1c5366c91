/** Standalone: this remote with its own minimal shell, for the team that owns it. */
import { createRoot } from 'react-dom/client';
import { bootstrapApp } from '@crm/shared';
import { StandaloneApp } from '@crm/shared/ui';
import { pages } from './pages.ts';

const { store } = await bootstrapApp();
const container = document.getElementById('root');
if (container) createRoot(container).render(<StandaloneApp store={store} remote="mfe_management" pages={pages} />);
