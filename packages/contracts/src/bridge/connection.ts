import { z } from 'zod';

/**
 * `hello`, the first message of a connection: the install secret the agent put in the page, and
 * the console's language (a code or a tag) for the replies' `msg`. The agent checks it itself:
 * a wrong one is refused as unauthenticated and the connection closed.
 */
export const helloParameterSchema = z.object({ secret: z.string(), lang: z.union([z.number(), z.string()]).optional() });

/** The console hands the agent its session, so the agent launches profiles as the signed-in user. */
export const sessionParameterSchema = z.object({ auth: z.string().min(1).max(512) });

/** `setServer`: what the person typed (scheme optional); the answer is the URL as saved. */
export const setServerParameterSchema = z.object({ url: z.string().min(1).max(2048) });
export const setServerResultSchema = z.object({ url: z.string() });

/** `openUrl`: a web address opened in a tab of the app window. */
export const openUrlParameterSchema = z.object({ url: z.string().url().max(2048) });
export const base64ParameterSchema = z.object({ text: z.string().max(1024 * 1024) });
