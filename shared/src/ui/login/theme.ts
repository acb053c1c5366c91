import type { ThemeConfig } from 'antd';

/**
 * The console's one theme, for the host and for a remote run alone (AppConfig). Besides the brand colour (links
 * included), the texts antd greys out and its success and error colours are darkened to WCAG AA contrast (4.5:1) on
 * white and on the layout's grey: antd's own (#8c8c8c secondary and #bfbfbf placeholder text, #1677ff links, #ff4d4f,
 * #52c41a and #faad14, 1.8:1 to 4.1:1) fail it, and staff read them all day. Page titles are level-one
 * headings (PageTitle) drawn at the size of antd's level three.
 */
export const consoleTheme = {
  token: {
    colorPrimary: '#3b5bdb',
    colorLink: '#3b5bdb',
    colorSuccess: '#237804',
    colorError: '#cf1322',
    // Processing (blue) and warning (gold) tags: antd's shades 7 and 9 of their palettes.
    colorInfo: '#0958d9',
    colorWarning: '#874d00',
    // Kept at antd's light tints: derived from the darker colours above they came out grey (#adb8a5).
    colorSuccessBg: '#f6ffed',
    colorSuccessBorder: '#b7eb8f',
    colorErrorBg: '#fff2f0',
    colorErrorBorder: '#ffccc7',
    colorInfoBg: '#e6f4ff',
    colorInfoBorder: '#91caff',
    colorWarningBg: '#fffbe6',
    colorWarningBorder: '#ffe58f',
    borderRadius: 6,
    colorTextDescription: '#666666',
    colorTextTertiary: '#666666',
    colorTextPlaceholder: '#767676',
    fontSizeHeading1: 24,
    // Preset tags write their text in shade 7 of their colour on shade 1: for these two it stays under 4.5:1 unless
    // the palette is built around the old shade 7. Green and red tags are the success and error ones above.
    orange: '#d46b08',
    volcano: '#d4380d',
  },
} as const satisfies ThemeConfig;

/** The same theme without antd's motion: dialogs and menus appear at once (for users who ask for reduced motion). */
export const stillConsoleTheme = { ...consoleTheme, token: { ...consoleTheme.token, motion: false } } as const satisfies ThemeConfig;
