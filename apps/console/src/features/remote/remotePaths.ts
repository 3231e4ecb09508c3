/** The viewer of one remote run, a page outside the shells (it takes the whole window). */
export const remoteViewerPath = (runId: string) => `/remote/${encodeURIComponent(runId)}`;
