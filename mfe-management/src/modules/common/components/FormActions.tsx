import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Flex } from '@crm/shared/ui';

/** Cancel (back to the list) and Save. The Save title stays while saving, so its accessible name is stable. */
export function FormActions({ saving, saveLabel, backTo }: { saving: boolean; saveLabel: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex justify="end" gap="small">
      <Button onClick={() => navigate(backTo)}>{t('actions.cancel')}</Button>
      <Button type="primary" htmlType="submit" loading={saving} disabled={saving}>
        {saveLabel}
      </Button>
    </Flex>
  );
}
