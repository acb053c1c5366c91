import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { Button, Result } from '@crm/shared/ui';

/** Any unknown path: the not-found text and a back button one step back in history. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="404"
      title={t('not_found.title')}
      subTitle={t('not_found.text')}
      extra={
        <Button type="primary" onClick={() => navigate(-1)}>
          {t('actions.back')}
        </Button>
      }
    />
  );
}
