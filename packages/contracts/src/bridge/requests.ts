import { z } from 'zod';
import { checkFingerprintParameterSchema, fingerprintCheckOpenedSchema } from '../fingerprintCheck.ts';
import { kernelListSchema } from '../kernels.ts';
import { cleanCacheResultSchema, directoryListingSchema, listDirectoryParameterSchema, localClientConfigSchema, saveConfigParameterSchema } from '../localSettings.ts';
import { browserBatchListSchema, browserBatchSchema, cancelBatchParameterSchema, startBrowsersParameterSchema, stopBrowsersParameterSchema } from './batches.ts';
import { browserParameterSchema, isRunningParameterSchema, runningBrowserListSchema, runningBrowserSchema, startBrowserParameterSchema } from './browsers.ts';
import { base64ParameterSchema, helloParameterSchema, openUrlParameterSchema, sessionParameterSchema, setServerParameterSchema, setServerResultSchema } from './connection.ts';
import { proxyTestResultSchema, testProxyParameterSchema } from './proxyTest.ts';
import { arrangeWindowsParameterSchema, arrangeWindowsResultSchema } from './windows.ts';
import { synchronizerDropInputSchema, synchronizerResyncInputSchema, synchronizerStartInputSchema, synchronizerStatusSchema } from '../synchronizer.ts';

/**
 * One bridge request: what the console sends as `parameter` and what the agent answers as
 * `value`. The agent parses the parameter before its handler runs (a bad one is refused with
 * BAD_REQUEST) and checks the value before it is sent; the console parses the value on arrival.
 */
export interface BridgeRequestDefinition<P extends z.ZodType = z.ZodType, R extends z.ZodType = z.ZodType> {
  parameter: P;
  result: R;
}

/** Nothing is sent: the console leaves `parameter` out (and a reply without `value` answers nothing). */
const nothing = z.undefined();
/** Done: the answer carries no more than that. */
const done = z.literal(true);

/**
 * Every request the console may send the agent, as the server calls are described once in
 * `calls/`: the agent's handlers and the console's `request()` are typed from this table.
 */
export const bridgeRequests = {
  /** The first message of a connection (bridge/connection.ts); answered without a value. */
  hello: { parameter: helloParameterSchema, result: nothing },
  /** A web address opened in a tab of the app window (http and https only). */
  openUrl: { parameter: openUrlParameterSchema, result: done },
  base64Encode: { parameter: base64ParameterSchema, result: z.string() },
  isBrowserRunning: { parameter: isRunningParameterSchema, result: z.boolean() },
  configInfo: { parameter: nothing, result: localClientConfigSchema },
  /** Every browser this client opened closes, and the agent forgets the session. */
  logout: { parameter: nothing, result: done },
  session: { parameter: sessionParameterSchema, result: done },
  startBrowser: { parameter: startBrowserParameterSchema, result: runningBrowserSchema },
  /** false: it was not running. */
  stopBrowser: { parameter: browserParameterSchema, result: z.boolean() },
  runningBrowsers: { parameter: nothing, result: runningBrowserListSchema },
  testProxy: { parameter: testProxyParameterSchema, result: proxyTestResultSchema },
  kernels: { parameter: nothing, result: kernelListSchema },
  saveConfig: { parameter: saveConfigParameterSchema, result: localClientConfigSchema },
  /** No parameter: the home folder. */
  listDirectory: { parameter: listDirectoryParameterSchema.optional(), result: directoryListingSchema },
  cleanCache: { parameter: nothing, result: cleanCacheResultSchema },
  /** Opens the profile (started if needed) at the agent's fingerprint check page: fingerprintCheck.ts. */
  checkFingerprint: { parameter: checkFingerprintParameterSchema, result: fingerprintCheckOpenedSchema },
  /** The exit dialog's "keep running in the background": the app window closes; the agent, its browsers and the local API stay. */
  closeWindow: { parameter: nothing, result: done },
  /** The exit dialog's "exit": every browser closes (cookies saved), then the agent stops. */
  quitClient: { parameter: nothing, result: done },
  /** The server this client works with, as the person typed it at first start (or later). */
  setServer: { parameter: setServerParameterSchema, result: setServerResultSchema },
  /** Open or close many profiles: the agent runs the batch (a few at a time) and pushes `batch` as it goes. */
  startBrowsers: { parameter: startBrowsersParameterSchema, result: browserBatchSchema },
  stopBrowsers: { parameter: stopBrowsersParameterSchema, result: browserBatchSchema },
  /** The batches still running, for a console that opens (or reloads) in the middle of one. */
  browserBatches: { parameter: nothing, result: browserBatchListSchema },
  /** The batch's profiles not yet begun are left alone; the ones under way finish. */
  cancelBatch: { parameter: cancelBatchParameterSchema, result: browserBatchSchema },
  /** Lays the running profiles' windows out in a grid on the screen; no parameter: every running one. */
  arrangeWindows: { parameter: arrangeWindowsParameterSchema.optional(), result: arrangeWindowsResultSchema },
  /** The window synchronizer (../synchronizer.ts): each answers its status; a refusal is one of the SYNCHRONIZER_* bridge errors. */
  synchronizerStart: { parameter: synchronizerStartInputSchema, result: synchronizerStatusSchema },
  synchronizerStop: { parameter: nothing, result: synchronizerStatusSchema },
  synchronizerStatus: { parameter: nothing, result: synchronizerStatusSchema },
  synchronizerResync: { parameter: synchronizerResyncInputSchema, result: synchronizerStatusSchema },
  synchronizerDrop: { parameter: synchronizerDropInputSchema, result: synchronizerStatusSchema },
} as const satisfies Record<string, BridgeRequestDefinition>;

export type BridgeRequestType = keyof typeof bridgeRequests;
export const bridgeRequestTypes = Object.keys(bridgeRequests) as [BridgeRequestType, ...BridgeRequestType[]];

/** What the console sends for `K`. */
export type BridgeParameter<K extends BridgeRequestType> = z.input<(typeof bridgeRequests)[K]['parameter']>;
/** What the agent's handler of `K` receives: the parameter as parsed. */
export type BridgeParsedParameter<K extends BridgeRequestType> = z.output<(typeof bridgeRequests)[K]['parameter']>;
/** What the agent's handler of `K` answers (sent as it is). */
export type BridgeResultSent<K extends BridgeRequestType> = z.input<(typeof bridgeRequests)[K]['result']>;
/** What the console has once the answer is parsed. */
export type BridgeResult<K extends BridgeRequestType> = z.output<(typeof bridgeRequests)[K]['result']>;
