import type { ConfigProviderProps } from 'antd';
import deDE from 'antd/locale/de_DE';

type Locale = NonNullable<ConfigProviderProps['locale']>;

/**
 * antd's own texts (pagination, empty tables, confirm buttons, pickers) for each language the console offers besides
 * English, antd's default. The offered languages are those of host/public/locales (and moment's, shared/build/webpack.ts).
 */
const antdLocales: Readonly<Record<string, Locale>> = { de: deDE };

/** antd's locale for a language ('de', 'de-CH'); undefined keeps antd's English. */
export const antdLocaleOf = (language: string | undefined): Locale | undefined => antdLocales[language?.split('-')[0] ?? ''];
