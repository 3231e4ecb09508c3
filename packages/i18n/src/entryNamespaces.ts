/**
 * The top-level namespaces of the texts shown before sign-in: the sign-in, sign-up, reset and
 * client-access pages, the frame and language picker around them, the contact button, what
 * SessionEvents may say there, and the messages of the form rules and API codes those pages
 * show. The console's build splits each locale into this "entry" part, awaited before the first
 * render, and the rest, fetched after it (apps/console/localeParts.ts). Keep it short: every
 * namespace here is downloaded by every visitor. apps/console/src/app/signInTexts.test.ts fails
 * when a text those pages use lives elsewhere.
 */
export const entryNamespaces: readonly string[] = ['agreement', 'app', 'auth', 'code', 'common', 'connect', 'contact', 'error', 'notice', 'payment', 'shell', 'validation'];
