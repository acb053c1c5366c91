import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';

/** A screen's title: its one level-one heading (what a screen reader jumps to first), at the theme's title size. */
export function PageTitle({ children, style, testId }: { children: ReactNode; style?: CSSProperties; testId?: string }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, ...style }} data-testid={testId}>
      {children}
    </Typography.Title>
  );
}
