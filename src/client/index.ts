export { createWebchatClient } from './create-client';
export { systemClock } from './clock';
export type { Clock, TimerId } from './clock';
export type {
  ClientDeps,
  ClientEnvironment,
  ClientOptions,
  HandoffEvent,
  Listener,
  MessageEvent,
  TransportMode,
  WebchatClient,
  WebchatEventMap,
  WebchatEventType,
} from './types';
export { OptionsError, validateOptions, parseDataAttributes } from '../options';
export type { WidgetOptions } from '../options';
