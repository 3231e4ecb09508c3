import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Catches a part of the console whose code could not load (a chunk gone after an upgrade while
 * the tab stayed open, or the network dropping it) or that threw while rendering. Without it
 * React unmounts the whole console and leaves a blank page. A page says so and offers a reload,
 * which fetches the current build; what runs beside the page (`quiet`) just stays away.
 * Plain elements: antd itself may be what failed to load.
 */
export class PageErrorBoundary extends Component<{ quiet?: boolean; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error('part of the console failed', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return this.props.quiet ? null : <PageFailed />;
  }
}

function PageFailed() {
  const { t } = useTranslation();
  return (
    <div className="facet-page-failed" role="alert" data-testid="page-failed">
      <div>{t('error.pageCrashed')}</div>
      <button type="button" className="facet-page-reload" onClick={() => window.location.reload()}>
        {t('common.refresh')}
      </button>
    </div>
  );
}
