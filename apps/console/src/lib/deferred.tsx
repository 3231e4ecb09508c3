import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { whenIdle } from './whenIdle.ts';

export interface Deferred<P extends object> {
  (props: P): React.JSX.Element;
  /** Fetches the code now; the same promise on every call. */
  preload: () => Promise<unknown>;
}

/**
 * A dialog or drawer a page opens on demand, whose code the page does not wait for: it is fetched
 * on its first render, or before that by usePreloadWhenIdle (what a page opens often: the profile
 * form). Until it has arrived the component renders nothing; a chunk that cannot load reaches the
 * page's error boundary, as a page's own chunk would.
 */
export function deferred<P extends object>(load: () => Promise<ComponentType<P>>): Deferred<P> {
  let loading: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (component) => ({ default: component }),
      (failure: unknown) => {
        // Not kept: the first render after a failed early fetch tries again.
        loading = null;
        throw failure;
      },
    ));
  const Lazy = lazy(preload);
  const Component = (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
  return Object.assign(Component, { preload });
}

/**
 * Fetches the code of `components` (a module-level list, the same on every render) once `shown`
 * holds (the page has what it waited for on screen) and the browser is then idle. Earlier, the
 * fetching and compiling competed with the page's own: with a 4× slower CPU the list came about
 * 0.3 s later when the shell's and the list's dialogs were asked for as soon as each mounted
 * (docs/benchmarks.md, 2026-11-29).
 */
export function usePreloadWhenIdle(components: readonly Deferred<never>[], shown: boolean): void {
  useEffect(() => {
    if (!shown) return;
    return whenIdle(() => {
      // A failed fetch is reported when the component renders; here it is only early.
      for (const component of components) component.preload().catch(() => undefined);
    }, IDLE_WAIT_MS);
  }, [components, shown]);
}

/** How long a preload waits for an idle moment before it goes ahead anyway. */
const IDLE_WAIT_MS = 10_000;
