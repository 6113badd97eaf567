// `agent-webchat`: public exports, free of side effects.
export { mount, type WebchatHandle } from './handle';
export { Webchat } from './ui/Webchat';
export { createWebchatClient } from './client/create-client';
export { OptionsError, validateOptions } from './options';
export type { WidgetOptions } from './options';
export type { ThemeOptions } from './ui/styles';
export type {
  ClientDeps,
  ClientOptions,
  HandoffEvent,
  Listener,
  MessageEvent,
  TransportMode,
  WebchatClient,
  WebchatEventMap,
  WebchatEventType,
} from './client/types';
export type { ConnectionStatus, ErrorCode, HandoffStage, WebchatState, TranscriptItem } from './store/state';
