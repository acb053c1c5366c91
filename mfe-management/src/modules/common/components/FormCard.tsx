import type { ReactNode } from 'react';
import { Card, PageTitle } from '@crm/shared/ui';

/** The frame of a create or edit page. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <PageTitle style={{ marginBottom: 16 }}>{title}</PageTitle>
      {children}
    </Card>
  );
}
