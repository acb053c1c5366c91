import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Card, Result } from 'antd';

/** A route whose screen is not built yet: says so plainly, with the route's title. */
export function NotBuiltPanel({ titleKey, remote, note }: { titleKey: string; remote: string; note?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Card data-testid="not-built" data-remote={remote}>
      <Result status="info" title={t(titleKey)} subTitle={t('not_built')} extra={note} />
    </Card>
  );
}
