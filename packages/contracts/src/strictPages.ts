import { z } from 'zod';

/**
 * In a browser page, zod parses without compiling its parsers with `Function`: the console runs
 * under a script policy without 'unsafe-eval' (server: security/webProtection.ts), which refuses
 * that and reports each try as a violation. Set when the contracts load, before any schema is
 * used (some are parsed as modules load). Servers and the agent keep the faster compiled parsers.
 */
if ('document' in globalThis) z.config({ jitless: true });
