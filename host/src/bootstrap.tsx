import { createRoot } from 'react-dom/client';
import { bootstrapApp } from '@crm/shared';
import { App } from './app/App.tsx';
import { registerRemoteManifests } from './federation/loadPage.ts';
import { loadSettings } from './federation/loadSettings.ts';

const { store, config } = await bootstrapApp();
loadSettings.remoteEntryTimeoutMs = config.remoteEntryTimeoutMs;
loadSettings.chunkLoadTimeoutMs = config.chunkLoadTimeoutMs;
registerRemoteManifests(config.remotes);

const container = document.getElementById('root');
if (container) createRoot(container).render(<App store={store} />);
