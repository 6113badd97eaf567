// `agent-webchat/element/preact`: the element for Preact — the same module as
// `agent-webchat/element` (it defines <agent-webchat>), with JSX typings: options as camelCase
// props (Preact sets them as the element's properties, objects included), `inline`, and each event
// as `onagent-webchat-<type>`. `open` is the element's method, so it is no prop: call
// `ref.current.open()`.

import type { HTMLAttributes } from 'preact';
import type { AgentWebchatElement, AgentWebchatEventProps, AgentWebchatProperties } from './element/element-types';

export * from './element';

/** The props of <agent-webchat> in Preact's JSX. */
export type AgentWebchatPreactProps = HTMLAttributes<AgentWebchatElement> & Partial<AgentWebchatProperties> & AgentWebchatEventProps;

declare module 'preact' {
  namespace JSX {
    interface IntrinsicElements {
      'agent-webchat': AgentWebchatPreactProps;
    }
  }
}
