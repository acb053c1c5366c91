import { useTranslation } from 'react-i18next';
import { Flex, PageTitle, PermissionGate } from '@crm/shared/ui';
import { RemotePage } from '../RemotePage.ts';
import { BrowserSessionsCard } from '../modules/profile/components/BrowserSessionsCard.tsx';
import { ChangePasswordCard } from '../modules/profile/components/ChangePasswordCard.tsx';
import { ProfileSettingsCard } from '../modules/profile/components/ProfileSettingsCard.tsx';

/** Route `profile` (user.profile.view): settings, password and browser sessions. */
export default function ProfilePage() {
  const { t } = useTranslation();
  return (
    <RemotePage>
      <Flex vertical gap="large" data-testid="profile-page">
        <PageTitle>{t('menu.profile.settings')}</PageTitle>
        <ProfileSettingsCard />
        <PermissionGate rule="user.profile.update">
          <ChangePasswordCard />
        </PermissionGate>
        <BrowserSessionsCard />
      </Flex>
    </RemotePage>
  );
}
