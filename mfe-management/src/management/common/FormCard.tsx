import type { ReactNode } from 'react';
import { Card, Typography } from '@crm/shared/ui';

/** The frame of a create or edit page. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </Card>
  );
}
