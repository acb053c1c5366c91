import { RemotePlaceholder } from '@crm/shared/ui';
import { namespace } from './i18n/index.ts';

/** This remote's stand-in for screens not built yet; the build-time values come from this remote's bundle. */
export function Placeholder({ titleKey }: { titleKey: string }) {
  return <RemotePlaceholder remote="mfe_management" namespace={namespace} titleKey={titleKey} buildLabel={process.env.CRM_BUILD_LABEL} fault={process.env.CRM_FAULT} />;
}
