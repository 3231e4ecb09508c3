// First: where this load began, before the router moves anywhere (lib/entryPage.ts).
import './lib/entryPage.ts';
import { CLIENT_LOCKED_GLOBAL } from '@facet/contracts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/global.css';
import { App } from './app/App.tsx';
import { createRuntime } from './lib/runtime.ts';
import { CONNECT_PATH, loadConnectServerPage, loadLockedPage, type ConnectReason } from './features/connect/index.ts';
import { readClientBootstrap } from './lib/mode.ts';
import { sealStorageWith } from './lib/storage.ts';
import i18next from 'i18next';
import { initI18n, initialLanguage } from './lib/language.ts';

async function start() {
  // The desktop client seals what the console keeps, before anything is read (the language is).
  const bootstrap = readClientBootstrap();
  if (bootstrap) sealStorageWith(bootstrap.storageKey);
  const language = initialLanguage();
  await initI18n(language);
  const root = createRoot(document.getElementById('root')!);
  // The desktop client asks which server first, and again when the one it knows does not answer.
  const connect = async (reason: ConnectReason | 'locked') => {
    const [{ ConnectRoot }, { ConnectServerPage }, { LockedPage }] = await Promise.all([
      import('./app/ConnectRoot.tsx'),
      loadConnectServerPage(),
      loadLockedPage(),
    ]);
    root.render(
      <StrictMode>
        <ConnectRoot>{reason === 'locked' || !bootstrap ? <LockedPage /> : <ConnectServerPage bootstrap={bootstrap} reason={reason} />}</ConnectRoot>
      </StrictMode>,
    );
  };
  // The agent's address opened without a launch link: nothing of the client is on this page.
  if ((globalThis as Record<string, unknown>)[CLIENT_LOCKED_GLOBAL] === true) return connect('locked');
  if (bootstrap && bootstrap.server === null) return connect('first');
  if (bootstrap && window.location.pathname === CONNECT_PATH) return connect('change');
  const runtime = await createRuntime().catch((error: unknown) => (bootstrap ? null : Promise.reject(error)));
  if (!runtime) return connect('unreachable');
  if (runtime.credentials.load()) runtime.push.open();
  root.render(
    <StrictMode>
      <App runtime={runtime} />
    </StrictMode>,
  );
}

start().catch((error: unknown) => {
  // Without config.json nothing works; say so plainly instead of a blank page.
  console.error(error);
  const root = document.getElementById('root');
  if (root) root.textContent = i18next.isInitialized ? i18next.t('error.serverUnreachable') : 'Facet: server unreachable.';
});
