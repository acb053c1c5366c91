import type { ReactNode } from 'react';
import { theme } from 'antd';

/**
 * Gives what it holds the theme's font, size, line height and text colour, as antd's App does for the
 * signed-in shell. The login page and the first page loader stand outside that shell; without this they
 * show in the browser's serif font.
 */
export function ThemeFont({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ fontFamily: token.fontFamily, fontSize: token.fontSize, lineHeight: token.lineHeight, color: token.colorText }}>{children}</div>;
}
