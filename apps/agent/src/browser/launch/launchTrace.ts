/**
 * When each step of a profile's start ended, in ms since it began: one log line per start with
 * FACET_LAUNCH_TRACE=1 (profileLauncher.ts). Step names only, never a value of the profile.
 */
export function launchTrace(started = performance.now()) {
  const steps: [string, number][] = [];
  return {
    mark: (step: string): void => void steps.push([step, performance.now() - started]),
    line: (): string => steps.map(([step, ms]) => `${step} ${Math.round(ms)}`).join(', '),
  };
}

/** Whether the agent logs each start's steps (launchTrace). */
export const tracesLaunches = (env: NodeJS.ProcessEnv = process.env): boolean => env.FACET_LAUNCH_TRACE === '1';
