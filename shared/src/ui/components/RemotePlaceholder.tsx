/**
 * Stands in for a screen a remote does not build yet. It shows the team's own
 * translated text, the signed-in user from the shared store and the build label, which the federation
 * tests use to prove one store, one i18n instance and independent deploys. The remote passes its own
 * build-time values (`process.env.CRM_*` are replaced in the remote's bundle).
 */
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '@crm/shared';
import { NotBuiltPanel } from './NotBuiltPanel.tsx';
import { RemoteMarks, type RemoteMarksProps } from './RemoteMarks.tsx';

export type RemotePlaceholderProps = RemoteMarksProps & { namespace: string; titleKey: string };

export function RemotePlaceholder({ remote, namespace, titleKey, buildLabel, fault }: RemotePlaceholderProps) {
  const { t } = useTranslation(namespace);
  const userName = useAppSelector((state) => state.session.name);
  return (
    <NotBuiltPanel
      remote={remote}
      titleKey={titleKey}
      note={
        <>
          <div data-testid="remote-owner">{t('owner')}</div>
          <div data-testid="remote-user">{userName}</div>
          <RemoteMarks remote={remote} buildLabel={buildLabel} fault={fault} />
        </>
      }
    />
  );
}
