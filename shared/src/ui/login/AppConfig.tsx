import type { ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { useTranslation } from 'react-i18next';
import { firstErrorInView } from '../feedback/firstErrorInView.ts';
import { antdLocaleOf } from './antdLocale.ts';
import { usePrefersReducedMotion } from './reducedMotion.ts';
import { consoleTheme, stillConsoleTheme } from './theme.ts';

/**
 * antd's configuration, the same in the host and in a remote run alone: the theme (still, when the system asks for
 * reduced motion), antd's own texts in the console's language, and how every form shows its first refused field.
 */
export function AppConfig({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  return (
    <ConfigProvider theme={reducedMotion ? stillConsoleTheme : consoleTheme} locale={antdLocaleOf(i18n.resolvedLanguage ?? i18n.language)} form={{ scrollToFirstError: firstErrorInView }}>
      {children}
    </ConfigProvider>
  );
}

/**
 * antd's static dialogs (Modal.confirm: every delete and cancel) render outside the React tree, so they would miss
 * the configuration above: a default-red Yes at 3.3:1 on white, antd's English. They render inside it too.
 */
export const staticHolder = (children: ReactNode) => <AppConfig>{children}</AppConfig>;

ConfigProvider.config({ holderRender: staticHolder });
