/**
 * Stands in for a screen this remote does not build yet (listed in the README). It shows the team's own
 * translated text, the signed-in user from the shared store and the build label, which the federation
 * tests use to prove one store, one i18n instance and independent deploys.
 */
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@crm/shared';
import { NotBuiltPanel } from '@crm/shared/ui';
import { namespace } from './i18n/index.ts';

const buildLabel = process.env.CRM_BUILD_LABEL;

export function Placeholder({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation(namespace);
  const userName = useAppSelector((state) => state.session.name);
  // A fault-injection build (CRM_FAULT=render) lets the browser tests prove a crashing remote is contained.
  if (process.env.CRM_FAULT === 'render') throw new Error('mfe_dashboard was built to fail while rendering');
  return (
    <NotBuiltPanel
      remote="mfe_dashboard"
      titleKey={titleKey}
      note={
        <>
          <div data-testid="remote-owner">{t('owner')}</div>
          <div data-testid="remote-user">{userName}</div>
          {buildLabel ? <div data-testid="build-label">{buildLabel}</div> : null}
        </>
      }
    />
  );
}
