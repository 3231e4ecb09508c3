// noVNC 1.7 ships no types; these are the parts of its API (docs/API.md) the viewer uses. Its
// package exports only core/rfb.js: vite.config.ts maps the keysym modules' paths.
declare module '@novnc/novnc' {
  export interface RfbOptions {
    shared?: boolean;
    credentials?: { username?: string; password?: string; target?: string };
    wsProtocols?: string[];
  }
  export default class RFB extends EventTarget {
    constructor(target: HTMLElement, urlOrChannel: string | WebSocket, options?: RfbOptions);
    viewOnly: boolean;
    focusOnClick: boolean;
    clipViewport: boolean;
    scaleViewport: boolean;
    resizeSession: boolean;
    background: string;
    disconnect(): void;
    focus(options?: FocusOptions): void;
    blur(): void;
    sendKey(keysym: number, code: string | null, down?: boolean): void;
    clipboardPasteFrom(text: string): void;
  }
}

declare module '@novnc/novnc/core/input/keysymdef.js' {
  const keysyms: { lookup(codePoint: number): number };
  export default keysyms;
}

declare module '@novnc/novnc/core/input/keysym.js' {
  const keyTable: Record<string, number>;
  export default keyTable;
}
