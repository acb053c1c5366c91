import { fileURLToPath } from 'node:url';
import { pagesOf } from '@crm/shared/routes';
import { createAppConfig, exposesOf } from '@crm/shared/build/webpack.ts';

export default createAppConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  name: 'mfe_brokers',
  port: 3002,
  spa: true,
  exposes: exposesOf(pagesOf('mfe_brokers')),
});
