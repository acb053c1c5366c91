import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from '@crm/shared/ui';

/** What an edit page shows when its record does not exist (404). */
export function NotFoundState({ title, backTo }: { title: string; backTo: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={title}
      extra={
        <Button type="primary" onClick={() => navigate(backTo)}>
          {t('actions.back')}
        </Button>
      }
    />
  );
}
