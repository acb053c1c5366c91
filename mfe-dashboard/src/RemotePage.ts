/** Every page this remote exposes renders through here: its translations, then the screen with this build's marks. */
import { createRemotePage } from '@crm/shared/ui';
import './i18n/index.ts';

export const RemotePage = createRemotePage({ remote: 'mfe_dashboard', buildLabel: process.env.CRM_BUILD_LABEL, fault: process.env.CRM_FAULT });
