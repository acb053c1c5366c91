import { fileURLToPath } from 'node:url';
import { createAppConfig } from '@crm/shared/build/webpack.ts';

export default createAppConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'host',
  port: 3000,
  spa: true,
  runtimePlugins: [fileURLToPath(new URL('./src/federation/runtimePlugin.ts', import.meta.url))],
});
