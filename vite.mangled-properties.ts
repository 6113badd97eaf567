// Property names the conversation file's minifier shortens, as Preact's own build does for its
// internals: names that only our code reads, written out in full in the source. Every other
// property keeps its name: what the server sends and the parsers read, the public surface (options,
// the handle, host events, the store's state — a custom UI reads `client.store`), what tabs post to
// each other (they may run different builds), what the loader and the conversation file hand each
// other, and the names of the DOM, JavaScript, Preact, zustand and reconnecting-websocket.
// test/mangled-properties.test.ts fails when a name here is one of those. Add a name only after
// reading every place it is used.

/**
 * Transport internals (src/transport/): what the transports, their attempts and outbox say to each
 * other. Never a name the Chat REST transport reads (src/transport/rest/): its file is built apart
 * and reads what src/transport/rest-kit.ts hands it by name.
 */
const TRANSPORT = [
  'echoTimer',
  'isCurrent',
  'isSettled',
  'probeHost',
  'resendSoon',
  'sendAllPending',
  'sendFrame',
  'sendHeartbeat',
  'sendNew',
  'sessionRequest',
  'socketClosed',
  'socketOpened',
];

/** The reducer's working draft and its helpers (src/store/reducer/); not the state it produces. */
const REDUCER = ['eventCount', 'getByMessageId', 'isApplied', 'messageIds', 'ownsChunks', 'placedAt', 'placedIfPending', 'renameAuthors'];

/**
 * Props and state of the core's own components (src/ui/). Never a name of the feature seam
 * (src/seam/types.ts, the Strings a feature reads): a feature's file is built apart and reads them by name.
 */
const COMPONENTS = [
  'canEnd',
  'closeButton',
  'closeButtonRef',
  'confirmingEnd',
  'counterId',
  'endChatButtonRef',
  'focusTargets',
  'hasUnseenMessages',
  'liveAgentName',
  'newConversationButton',
  'onChoose',
  'onConfirm',
  'onNewConversation',
  'onRetry',
  'onToggleEndConfirm',
  'ownOpen',
  'panelPrepared',
  'showAuthor',
  'slowToConnect',
  'textareaRef',
];

export const MANGLED_PROPERTIES = [...TRANSPORT, ...REDUCER, ...COMPONENTS];

/** For Terser's `mangle.properties.regex`: exactly the names above. */
export const mangledPropertiesPattern = new RegExp(`^(?:${MANGLED_PROPERTIES.join('|')})$`);
