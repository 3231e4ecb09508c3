/**
 * What keeps a masked client's names off a page's window (quietRuntime.ts): the binding behind
 * an exposed function, Playwright's binding controller, chromedriver's copies of built-ins.
 * Clients look each of them up as `globalThis[name]` whenever they use it, so each becomes an
 * accessor on `Window.prototype` that keeps its value: a page listing its window's own names (or
 * walking them with `for…in`: the accessor is not enumerable) finds nothing new, and the clients
 * read and write the same value as before. V8 installs a binding by assignment, which the
 * accessor receives; a value some script has already put on the window is moved into it.
 *
 * Run as a new-document script (before the page's own scripts, and before the agent gives the
 * document its bindings) and once in each document already open.
 */
export function hiddenGlobalsScript(names: readonly string[]): string {
  return `(() => {
  for (const name of ${JSON.stringify(names)}) {
    if (Object.getOwnPropertyDescriptor(Window.prototype, name)) continue;
    let value;
    if (Object.prototype.hasOwnProperty.call(window, name)) {
      value = window[name];
      delete window[name];
    }
    Object.defineProperty(Window.prototype, name, { get() { return value; }, set(next) { value = next; }, configurable: true });
  }
})()`;
}
