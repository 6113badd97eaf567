// `agent-webchat/element/react`: the element for React 19 — the same module as
// `agent-webchat/element` (it defines <agent-webchat>), with JSX typings: options as camelCase
// props (React 19 sets them as the element's properties, objects included), `inline`, and each
// event as `onagent-webchat-<type>` (React 19 listens to a custom element's events by that name).
// `open` is the element's method, so it is no prop: call `ref.current.open()`.

import type { DetailedHTMLProps, HTMLAttributes } from 'react';
import type { AgentWebchatElement, AgentWebchatEventProps, AgentWebchatProperties } from './element/element-types';

export * from './element';

/** The props of <agent-webchat> in React's JSX. */
export type AgentWebchatReactProps = DetailedHTMLProps<HTMLAttributes<AgentWebchatElement>, AgentWebchatElement> &
  Partial<AgentWebchatProperties> &
  AgentWebchatEventProps;

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'agent-webchat': AgentWebchatReactProps;
    }
  }
}
