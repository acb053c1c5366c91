import type { ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { firstErrorInView } from '../feedback/firstErrorInView.ts';

/** antd's configuration, the same in the host and in a remote run alone: the theme, and how every form shows its first refused field. */
export function AppConfig({ theme, children }: { theme?: ThemeConfig; children: ReactNode }) {
  return (
    <ConfigProvider theme={theme} form={{ scrollToFirstError: firstErrorInView }}>
      {children}
    </ConfigProvider>
  );
}
