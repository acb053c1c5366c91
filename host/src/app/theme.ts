/** The console's theme; remotes render inside the host's AppConfig (antd's ConfigProvider), so it applies to them too. */
export const theme = { token: { colorPrimary: '#3b5bdb', borderRadius: 6 } } as const;
