// `agent-webchat`: public exports, free of side effects.

export { createWebchatClient } from './client/create-client';
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
} from './contract/client';
export { OptionsError } from './contract/errors';
export type { VoiceOptions, VoiceState } from './contract/voice';
export type { ThemeOptions, WidgetOptions } from './contract/widget';
export { validateOptions } from './options/validate-options';
export { mount, Webchat, type WebchatHandle, type WebchatProps } from './package';
export type { ConnectionStatus, ErrorCode, HandoffStage, TranscriptItem, WebchatState } from './store/state';
