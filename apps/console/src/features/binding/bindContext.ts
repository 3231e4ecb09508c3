import { createContext, useContext } from 'react';
import type { BindKind } from './bindReminder.ts';

/** Opens the bind-phone or bind-e-mail dialog the shell holds (BindingProvider). */
export const OpenBindContext = createContext<((kind: BindKind) => void) | null>(null);

export function useOpenBind(): (kind: BindKind) => void {
  const open = useContext(OpenBindContext);
  if (!open) throw new Error('useOpenBind outside BindingProvider');
  return open;
}
