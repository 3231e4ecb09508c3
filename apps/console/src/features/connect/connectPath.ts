/** The desktop client's server question, loaded as a page of its own before the console starts. */
export const CONNECT_PATH = '/connect';
