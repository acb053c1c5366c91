import type { ReactNode } from 'react';
import { Flex, Space } from 'antd';
import { PageTitle } from '../components/PageTitle.tsx';

/** A list screen's title with its search, filters and create button on the right. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
      <PageTitle>{title}</PageTitle>
      <Space wrap>{children}</Space>
    </Flex>
  );
}
