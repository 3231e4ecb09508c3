// First: where this load began, before the router moves anywhere (lib/entryPage.ts).
import './lib/entryPage.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { createRuntime } from './app/runtime.ts';
import { loadAntdLocale } from './lib/antdLocale.ts';
import i18next from 'i18next';
import { initI18n, initialLanguage } from './lib/language.ts';

async function start() {
  const language = initialLanguage();
  await initI18n(language);
  const [runtime, antdLocale] = await Promise.all([createRuntime(), loadAntdLocale(language.tag)]);
  if (runtime.credentials.load()) runtime.push.open();
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App runtime={runtime} antdLocale={antdLocale} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Without config.json nothing works; say so plainly instead of a blank page.
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = i18next.isInitialized ? i18next.t('error.serverUnreachable') : 'Facet: server unreachable.';
});
