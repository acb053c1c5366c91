import type { CSSProperties, ReactNode } from 'react';
import { Typography } from 'antd';

/**
 * A screen's title: its one level-one heading (what a screen reader jumps to first), at the theme's title size, or
 * `inCard` at the size of the card title it stands in (a screen that is one card).
 */
export function PageTitle({ children, style, testId, inCard = false }: { children: ReactNode; style?: CSSProperties; testId?: string; inCard?: boolean }) {
  return (
    <Typography.Title level={1} style={{ margin: 0, ...(inCard ? { fontSize: 'inherit' } : {}), ...style }} data-testid={testId}>
      {children}
    </Typography.Title>
  );
}
