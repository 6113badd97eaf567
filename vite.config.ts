import { readFileSync } from 'node:fs';
import { Features } from 'lightningcss';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { preactClassicJsx } from './vite.preact';

// One Vite build cannot emit both a self-contained IIFE and an ES module with externals, so the
// build runs twice by mode: `--mode script` (dist/agent-webchat.js for <script src>) and
// `--mode package` (ES modules for npm, dependencies left to the consumer's bundler).
//
// Names stay readable in the source; the minifier (Oxc) shortens them in the script bundle,
// including class members written as JavaScript `#private` fields.
//
// No source maps are built or shipped: the package's ES modules are not minified (a bundler's own
// maps point into readable code), and a map beside the script bundle would hand our sources to
// every page that loads it from a CDN. Debug against the ES build or `npm start`.
const library = (
  lib: NonNullable<NonNullable<UserConfig['build']>['lib']>,
  build: UserConfig['build'] = {},
  plugins: Plugin[] = [],
): UserConfig => ({
  plugins: [...preactClassicJsx({ devtoolsInProd: false, prefreshEnabled: false }), ...plugins],
  // The stylesheet uses no light-dark(): Lightning CSS's helper variables for it, which it writes
  // beside every `color-scheme`, would only add bytes.
  css: { lightningcss: { exclude: Features.LightDark } },
  publicDir: false,
  build: { outDir: 'dist', emptyOutDir: false, target: 'es2020', sourcemap: false, lib, ...build },
});

/**
 * The script bundle compiles reconnecting-websocket from the TypeScript source its package ships:
 * its published JavaScript is ES5 (a defineProperty per getter, helpers for classes and spread),
 * and as es2022 classes the same code is about 700 bytes gzip smaller. Mechanical rewrites of
 * that source save about 1,150 bytes more:
 * - its debug logging goes (statements `this._debug(…);` and the method): it logs only with the
 *   `debug` option, which the widget never sets;
 * - its internals, written `private _name` and only ever read as `this._name`, become JavaScript
 *   `#name` members, which the minifier shortens;
 * - the parts of its public API the widget never touches go (about 240 bytes): the socket-like
 *   getters (binaryType, bufferedAmount, url…), dispatchEvent/removeEventListener and the `on…`
 *   handler properties; src/transport/messaging/reconnecting-socket.ts uses addEventListener,
 *   send, reconnect, close, readyState and the static OPEN only;
 * - so does what only those parts could make matter (about 50 bytes): a binaryType other than the
 *   WebSocket default `blob`, and the queue of messages sent while closed, which stays empty with
 *   `maxEnqueuedMessages: 0` (the widget sends only on an open socket);
 * - so does what the options the widget passes (src/transport/messaging/reconnecting-socket.ts)
 *   make dead (about 330 bytes): no `protocols`, `startClosed` (so `_closeCalled` only mirrors
 *   `_shouldReconnect`) or `maxRetries` (the transport decides when to give up); always its `WebSocket` class, so no lookup of the global one and no check
 *   that the class looks like a WebSocket; reconnection delays of 0 (the transport's URL provider
 *   waits the backoff), so no delay computation, nor the retry count and the uptime timer that
 *   only fed it; a URL provider that returns a promise, so no handling of a string or a
 *   synchronous provider; always a `connectionTimeout`, so no defaults. The build checks that
 *   file still passes those options;
 * - so does what the way reconnecting-socket.ts listens makes dead (about 140 bytes): its
 *   listeners are functions (no `handleEvent` objects) and none listens to `error` (a failed
 *   attempt reaches it as a close), so no error listeners; and no event objects of its own
 *   (events.ts): a timeout's error only needs the message `_handleError` reads, and the close
 *   listener reads nothing of the event that reports a socket the library dropped itself.
 * The build fails if the source has another shape (a new version of the library), rather than
 * ship a half-rewritten class. A change to reconnecting-socket.ts that needs more of the library
 * takes the matching rewrite out.
 */
const UNUSED_RECONNECTING_WEBSOCKET_MEMBERS = [
  'get binaryType',
  'set binaryType',
  'get retryCount',
  'get bufferedAmount',
  'get extensions',
  'get protocol',
  'get url',
  'static get CLOSING',
  'get CONNECTING',
  'get OPEN',
  'get CLOSING',
  'get CLOSED',
  'public dispatchEvent',
  'public removeEventListener',
];
/** What reconnecting-socket.ts passes (options, a close listener that reads no event) that the rewrite below counts on. */
const RECONNECTING_SOCKET_OPTIONS = [
  /\(\) => \(closed \? never\(\) : handlers\.nextUrl\(\)\)/,
  /\bWebSocket,/,
  /minReconnectionDelay: 0,/,
  /maxReconnectionDelay: 0,/,
  /maxEnqueuedMessages: 0,/,
  /connectionTimeout: CONNECT_TIMEOUT_MS,/,
  /addEventListener\('close', \(\) =>/,
];
const reconnectingWebSocketFromSource: Plugin = {
  name: 'reconnecting-websocket-from-source',
  enforce: 'pre',
  resolveId(source, importer) {
    if (source === 'reconnecting-websocket') return this.resolve('reconnecting-websocket/reconnecting-websocket.ts', importer);
  },
  transform(code, id) {
    if (!id.endsWith('/reconnecting-websocket/reconnecting-websocket.ts')) return;
    const caller = readFileSync(new URL('./src/transport/messaging/reconnecting-socket.ts', import.meta.url), 'utf8');
    for (const option of RECONNECTING_SOCKET_OPTIONS) {
      if (!option.test(caller)) throw new Error(`reconnecting-websocket: reconnecting-socket.ts no longer passes ${option}`);
    }
    if (caller.includes("addEventListener('error'")) throw new Error('reconnecting-websocket: error listeners are rewritten away');
    let trimmed = code;
    for (const member of UNUSED_RECONNECTING_WEBSOCKET_MEMBERS) {
      // A member runs from its signature to the first `}` at the class body's indentation.
      const withoutMember = trimmed.replace(new RegExp(`^    ${member}\\b[\\s\\S]*?^    \\}\n`, 'm'), '');
      if (withoutMember === trimmed) throw new Error(`reconnecting-websocket: no "${member}" to remove`);
      trimmed = withoutMember;
    }
    const rewritten = trimmed
      .replace(/^ {4}public on(open|message|error|close): .*\n/gm, '')
      .replace(/^ *if \(this\.on(open|message|error|close)\) \{\n.*\n *\}\n/gm, '')
      // send(): the branch that queues while closed (the 8-space `}` closes it), then the queue
      .replace(/ else \{\n\s*const \{maxEnqueuedMessages[\s\S]*?\n {8}\}\n/, '\n')
      .replace(/^.*\b_messageQueue\b.*\n/gm, '')
      .replace(/^.*\b_?binaryType\b.*\n/gm, '')
      .replace(/^\s*this\._debug\(.*\);$/gm, '')
      // the options never passed (and the defaults of those whose code went above)
      .replace(/^ *(maxEnqueuedMessages: Infinity|startClosed: false|debug: false|maxRetries: Infinity),\n/gm, '')
      .replace(/^ *maxRetries = DEFAULT\.maxRetries,\n/m, '')
      .replace(/^ *if \(this\._retryCount >= maxRetries\) \{\n(.*\n)*? {8}\}\n/m, '')
      .replace(/WebSocket = getGlobalWebSocket\(\),/, 'WebSocket,')
      .replace(/^ *if \(!isWebSocket\(WebSocket\)\) \{\n.*\n *\}\n/m, '')
      .replace(/^ *(maxReconnectionDelay|minReconnectionDelay|reconnectionDelayGrowFactor): .*\n/gm, '')
      .replace(/^ {4}private _getNextDelay\(\) \{[\s\S]*?^ {4}\}\n/m, '')
      // the wait before each attempt is one task: no method for it
      .replace(/^ {4}private _wait\(\): Promise<void> \{[\s\S]*?^ {4}\}\n/m, '')
      .replace('this._wait()', 'new Promise<void>((resolve) => setTimeout(resolve))')
      .replace(/^ {4}private _getNextUrl\(urlProvider: UrlProvider\): Promise<string> \{[\s\S]*?^ {4}\}\n/m, '')
      .replace('.then(() => this._getNextUrl(this._url))', '.then(() => (this._url as () => Promise<string>)())')
      .replace(/^ *(private readonly _protocols\b|this\._protocols = protocols;).*\n/gm, '')
      .replace(/this\._protocols\s*\? new WebSocket\(url, this\._protocols\)\s*: new WebSocket\(url\)/, 'new WebSocket(url)')
      .replace(/^ *if \(this\._options\.startClosed\) \{\n.*\n *\}\n/m, '')
      .replace(/this\._options\.startClosed\s*\? ReconnectingWebSocket\.CLOSED\s*: /, '')
      // listeners are functions, and none listens to `error` (a failed attempt closes too)
      .replace(/^ {4}private _callEventListener\b[\s\S]*?^ {4}\}\n/m, '')
      .replace(/this\._callEventListener\(event, listener\)/g, 'listener(event)')
      .replace(/^ {8}error: \[\],\n/m, '')
      .replace(/^.*this\._listeners\.error\.forEach.*\n/m, '')
      // the widget always passes connectionTimeout: no defaults are left
      .replace(/^const DEFAULT = \{[\s\S]*?^\};\n/m, '')
      .replace('connectionTimeout = DEFAULT.connectionTimeout,', 'connectionTimeout,')
      // with no error listener, the timeout's error event only needs the message _handleError reads
      .replace("new Events.ErrorEvent(Error('TIMEOUT'), this)", "{ message: 'TIMEOUT' } as Events.ErrorEvent")
      // nor for the close of a socket it drops itself: the close listener reads nothing of the event
      .replace('this._handleClose(new Events.CloseEvent(code, reason, this));', 'this._handleClose({} as Events.CloseEvent);')
      // the instance's state constants (gone above) are the class's
      .replace(/this\.(OPEN|CLOSED)\b/g, 'ReconnectingWebSocket.$1')
      .replace(/^ {4}private _debug\([\s\S]*?^ {4}\}\n/m, '')
      // the retry count (and the uptime timer that resets it) fed only the delays and maxRetries
      .replace(/^ {4}private _acceptOpen\(\) \{[\s\S]*?^ {4}\}\n/m, '')
      .replace(/^.*\b(_retryCount|_uptimeTimeout|minUptime)\b.*\n/gm, '')
      // without startClosed, "close() was called" is always "no reconnecting": one flag
      .replace(/^ *(private _closeCalled = false|this\._closeCalled = (true|false));\n/gm, '')
      .replace('if (this._closeCalled) {', 'if (!this._shouldReconnect) {')
      .replace(/\bprivate (readonly )?_(\w+)/g, '#$2')
      .replace(/\bthis\._(\w+)/g, 'this.#$1');
    const leftover =
      /\b_[a-z]\w*|this\.#debug\(|\bon(open|message|error|close)\b|messageQueue|binaryType|= DEFAULT\.maxEnqueued|#protocols|options\.startClosed|(startClosed|debug|maxRetries): |maxRetries\)|getGlobalWebSocket\(\)|isWebSocket\(WebSocket|DelayGrowFactor:|getNextDelay|Invalid URL|retryCount|uptime|acceptOpen|#debug\b|callEventListener|listeners\.error|getNextUrl|new Events\.\w+Event\(|closeCalled|#wait\(|\bDEFAULT\b\s*[.=]/i.exec(
        rewritten,
      );
    if (leftover) throw new Error(`reconnecting-websocket: unexpected "${leftover[0]}" after the rewrite`);
    return rewritten;
  },
};

export default defineConfig(({ mode }) => {
  if (mode === 'script') {
    // es2022 (every evergreen browser since 2021) keeps class fields and `??=` as written.
    return library(
      { entry: 'src/embed.ts', formats: ['iife'], name: 'AgentWebchatBundle', fileName: () => 'agent-webchat.js' },
      { target: 'es2022' },
      [reconnectingWebSocketFromSource],
    );
  }
  if (mode === 'package') {
    // The stylesheet is a string in the JavaScript, which no consumer's bundler minifies: it is
    // minified here, even though the JavaScript itself is not.
    return library(
      { entry: { index: 'src/index.ts', server: 'src/server/index.ts' }, formats: ['es'], fileName: (_format, name) => `${name}.js` },
      {
        minify: false,
        cssMinify: 'lightningcss',
        rolldownOptions: {
          external: [/^preact(\/.*)?$/, /^zustand(\/.*)?$/, /^reconnecting-websocket$/, /^libphonenumber-js(\/.*)?$/, /^node:/],
        },
      },
    );
  }
  // Dev server for the demo page and the npm-import example.
  return { plugins: [...preactClassicJsx()] };
});
