import { Flex, theme } from 'antd';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../shell/LanguagePicker.tsx';
import { ThemeToggle } from '../shell/ThemeToggle.tsx';

/*
 * Plain elements in antd's tokens instead of Card and Typography: the sign-in page is the first
 * thing people download, and those two bring Tabs, copy, edit and ellipsis machinery it never
 * uses (scripts/checks/consoleBudget.mjs weighs it). They look the same.
 */

/** A paragraph of the auth pages, as Typography.Paragraph draws it. */
export function AuthNote({ secondary = false, style, children }: { secondary?: boolean; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return <div style={{ color: secondary ? token.colorTextSecondary : token.colorText, marginBottom: '1em', ...style }}>{children}</div>;
}

/** A link that acts rather than navigates, as Typography.Link draws it. */
export function AuthAction({ onClick, style, children }: { onClick: () => void; style?: CSSProperties; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <a
      role="button"
      tabIndex={0}
      style={{ color: token.colorLink, cursor: 'pointer', ...style }}
      onClick={onClick}
      onKeyDown={(event) => {
        if (event.key === 'Enter' || event.key === ' ') onClick();
      }}
    >
      {children}
    </a>
  );
}

/** The frame of the sign-in, sign-up and reset pages, with language and theme at hand. */
export function AuthLayout({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const border = `${token.lineWidth}px ${token.lineType} ${token.colorBorderSecondary}`;
  return (
    <Flex vertical align="center" style={{ minHeight: '100vh', padding: '24px 16px' }}>
      <Flex justify="flex-end" gap={8} style={{ width: '100%', maxWidth: 960 }}>
        <LanguagePicker />
        <ThemeToggle />
      </Flex>
      <Flex vertical align="center" gap={8} style={{ marginTop: 32, marginBottom: 24 }}>
        <img src="/favicon.svg" width={48} height={48} alt="" />
        <h3 style={{ margin: 0, color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong }}>{t('app.name')}</h3>
        <span style={{ color: token.colorTextSecondary }}>{t('app.tagline')}</span>
      </Flex>
      <section style={{ width: '100%', maxWidth: 440, background: token.colorBgContainer, border, borderRadius: token.borderRadiusLG, color: token.colorText }}>
        <div style={{ minHeight: 56, display: 'flex', alignItems: 'center', padding: `0 ${token.paddingLG}px`, borderBottom: border, fontSize: token.fontSizeLG, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{title}</div>
        <div style={{ padding: token.paddingLG }}>
          {subtitle ? <AuthNote secondary>{subtitle}</AuthNote> : null}
          {children}
        </div>
      </section>
    </Flex>
  );
}
