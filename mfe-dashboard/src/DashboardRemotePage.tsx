import type { ReactNode } from 'react';
import { RemoteMarks } from '@crm/shared/ui';
import './i18n/index.ts';

/** Every page this remote exposes: the screen, with this build's marks (build label, fault injection). */
export function DashboardRemotePage({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <RemoteMarks remote="mfe_dashboard" buildLabel={process.env.CRM_BUILD_LABEL} fault={process.env.CRM_FAULT} />
    </>
  );
}
