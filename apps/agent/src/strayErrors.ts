/**
 * What escapes a handler is logged and the process goes on: the agent and the host keep the
 * browsers they run. Their output may outlive whoever read it: when the terminal or the parent
 * that piped it has gone, every write fails with EPIPE. Unheard, such a failure was itself an
 * error no handler caught, whose log failed the same way, each on the next tick: the process spun
 * a core and starved its own timers and signals (seen: a host at 92 % of a core for 20 minutes,
 * deaf to SIGTERM). A failed stream is heard here, and nothing more is written to it.
 */
export function keepRunningOnStrayErrors(name: string, what: string): void {
  // Heard, a failed write is no longer an uncaught error; the reports below go to stderr alone.
  process.stdout.on('error', () => {});
  let stderrGone = false;
  process.stderr.on('error', () => (stderrGone = true));
  const report = (text: string, error: unknown) => {
    if (!stderrGone) console.error(`${name}: ${text} (${what} keeps running):`, error);
  };
  process.on('uncaughtException', (error) => report('an error no handler caught', error));
  process.on('unhandledRejection', (reason) => report('a failure no handler caught', reason));
}
