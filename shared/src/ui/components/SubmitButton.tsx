import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from 'antd';

/** A submit button that swaps its title for a loading title with a spinner while disabled. */
export function SubmitButton({ loading, children, block }: { loading: boolean; children: ReactNode; block?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button type="primary" htmlType="submit" loading={loading} disabled={loading} block={block ?? false}>
      {loading ? t('loading') : children}
    </Button>
  );
}
