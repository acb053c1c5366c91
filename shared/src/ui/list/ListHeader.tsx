import type { ReactNode } from 'react';
import { Flex, Space, Typography } from 'antd';

/** A list screen's title with its search, filters and create button on the right. */
export function ListHeader({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Flex justify="space-between" align="center" wrap gap="middle" style={{ marginBottom: 16 }}>
      <Typography.Title level={3} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      <Space wrap>{children}</Space>
    </Flex>
  );
}
