/** The console's own choices over antd's default design tokens (AntdProvider.tsx; global.css mirrors the result). */
export const brandTokens = { colorPrimary: '#1668dc', borderRadius: 6 } as const;
