import { lazy, Suspense, useEffect, type ComponentType } from 'react';
import { whenIdle } from './whenIdle.ts';

export interface Deferred<P extends object> {
  (props: P): React.JSX.Element;
  /** Fetches the code now; the same promise on every call. */
  preload: () => Promise<unknown>;
}

/**
 * A dialog or drawer a page opens on demand, whose code the page does not wait for: it is fetched
 * when the browser is idle after the page has shown (usePreloadWhenIdle), or on first render if
 * someone is quicker. Until it has arrived the component renders nothing; a chunk that cannot
 * load reaches the page's error boundary, as a page's own chunk would.
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

/** Fetches the code of `components` once the page has shown and the browser is idle. */
export function usePreloadWhenIdle(components: readonly Deferred<never>[]): void {
  useEffect(
    () =>
      whenIdle(() => {
        // A failed fetch is reported when the component renders; here it is only early.
        for (const component of components) component.preload().catch(() => undefined);
      }),
    // The components are module-level constants: the same on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );
}
