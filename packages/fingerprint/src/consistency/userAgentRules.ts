import { chromiumMajorOf, osOfUserAgent, sendsChromeClientHints } from './userAgent.ts';
import { contradiction, side, type Rule } from './types.ts';

/** The user agent names another system than the profile's operating system (a Windows agent on macOS). */
export const userAgentOs: Rule = ({ os, userAgent }) => {
  const named = osOfUserAgent(userAgent);
  if (!os || !named || named === os) return null;
  return contradiction('userAgentOs', side('userAgent', userAgent), side('os', os));
};

/**
 * The user agent's Chrome major is not the kernel's. The launch runs the kernel's engine and its
 * client hints and JavaScript features are that version's, whatever the agent string says.
 */
export const userAgentKernel: Rule = ({ userAgent, kernelVersion }) => {
  const uaMajor = chromiumMajorOf(userAgent);
  const kernelMajor = /^(\d+)/.exec(kernelVersion)?.[1];
  if (uaMajor === null || kernelMajor === undefined || uaMajor === Number(kernelMajor)) return null;
  return contradiction('userAgentKernel', side('userAgent', userAgent), side('kernelVersion', kernelVersion));
};

/**
 * Client hints are on, but the user agent is of a browser that never sends Chrome's (Firefox,
 * Safari, Chrome on iOS, Edge with its own brand): a page sees both and they disagree.
 */
export const userAgentClientHints: Rule = ({ userAgent, secChUa }) => {
  if (secChUa !== 'auto' || !userAgent || sendsChromeClientHints(userAgent)) return null;
  return contradiction('userAgentClientHints', side('userAgent', userAgent), side('secChUa', secChUa));
};
