import { useCallback, useState, type ReactNode } from 'react';
import { deferred } from '../../lib/deferred.tsx';
import { OpenBindContext } from './bindContext.ts';
import type { BindKind } from './bindReminder.ts';

// Opened on demand: a page shows without its code, which comes when it is first opened (lib/deferred.tsx).
const BindDialog = deferred(() => import('./BindDialog.tsx').then((m) => m.BindDialog));

/**
 * Holds the two bind dialogs for the shell: the banner and the account page open them. Every
 * opening mounts a fresh dialog (spec §4: the form is reset and any countdown stopped).
 */
export function BindingProvider({ children }: { children: ReactNode }) {
  const [opened, setOpened] = useState<{ kind: BindKind; serial: number } | null>(null);
  const open = useCallback((kind: BindKind) => setOpened((previous) => ({ kind, serial: (previous?.serial ?? 0) + 1 })), []);
  return (
    <OpenBindContext.Provider value={open}>
      {children}
      {opened ? <BindDialog key={opened.serial} kind={opened.kind} onClose={() => setOpened(null)} /> : null}
    </OpenBindContext.Provider>
  );
}
