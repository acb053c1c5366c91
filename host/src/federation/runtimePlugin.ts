/**
 * The host's federation runtime plugin (STYLE 14): bounds the remote-entry script load and the manifest
 * fetch by the configured time (and the page chunks the runtime preloads by the chunk limit), so a hanging remote fails (and can be retried) instead of hanging the
 * page. Failed loads are not cached by the runtime, so Retry loads again.
 */
import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import { loadSettings } from './loadSettings.ts';

export default function loadFailurePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'crm-load-failure-plugin',
    createScript({ url }) {
      const script = document.createElement('script');
      script.src = url;
      script.async = true;
      // The runtime loads remote entries, and preloads the chunks of a page it is asked for: those are chunks.
      const entry = new URL(url, window.location.href).pathname.endsWith('/remoteEntry.js');
      return { script, timeout: entry ? loadSettings.remoteEntryTimeoutMs : loadSettings.chunkLoadTimeoutMs };
    },
    fetch(url, init) {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(new Error(`timeout: ${url}`)), loadSettings.remoteEntryTimeoutMs);
      return globalThis.fetch(url, { ...init, signal: controller.signal }).finally(() => clearTimeout(timer));
    },
    errorLoadRemote({ id, error, lifecycle }) {
      // Only logged: the page's error boundary shows the failure with Retry.
      console.error(`remote ${id} failed to load at ${lifecycle}`, error);
      return undefined;
    },
  };
}
