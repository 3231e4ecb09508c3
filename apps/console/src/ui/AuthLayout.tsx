import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './auth.css';
import { AuthLanguageSelect } from './AuthLanguageSelect.tsx';
import { AuthThemeToggle } from './AuthThemeToggle.tsx';

/*
 * Plain elements styled in antd's tokens (auth.css, and the variables in global.css), no antd:
 * the sign-in page is the first thing people download, and it renders before antd has loaded
 * (scripts/checks/consoleBudget.mjs weighs it). The sign-up and reset pages, which do use antd's
 * forms, share this frame so the three look alike.
 */

/** A paragraph of the auth pages, as Typography.Paragraph draws it. */
export function AuthNote({ secondary = false, style, children }: { secondary?: boolean; style?: CSSProperties; children: ReactNode }) {
  return (
    <div className={secondary ? 'facet-auth-note facet-auth-note-secondary' : 'facet-auth-note'} style={style}>
      {children}
    </div>
  );
}

/** A link that acts rather than navigates, as Typography.Link draws it. */
export function AuthAction({ onClick, style, children }: { onClick: () => void; style?: CSSProperties; children: ReactNode }) {
  return (
    <a
      role="button"
      tabIndex={0}
      className="facet-auth-link"
      style={style}
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
  return (
    <div className="facet-auth">
      <div className="facet-auth-toolbar">
        <AuthLanguageSelect />
        <AuthThemeToggle />
      </div>
      <div className="facet-auth-brand">
        <img src="/favicon.svg" width={48} height={48} alt="" />
        <h3>{t('app.name')}</h3>
        <span>{t('app.tagline')}</span>
      </div>
      <section className="facet-auth-card">
        <div className="facet-auth-card-title">{title}</div>
        <div className="facet-auth-card-body">
          {subtitle ? <AuthNote secondary>{subtitle}</AuthNote> : null}
          {children}
        </div>
      </section>
    </div>
  );
}
