// `agent-webchat/element`: defines <agent-webchat> for a bundled app, the whole widget mounted in
// the element at once (the script tag's loader defines the same element, fetching the
// conversation on intent). Importing it without a DOM (server-side rendering) defines nothing.

import { defineWebchatElement } from './element/define-element';
import { ATTRIBUTE_OPTIONS, PROPERTY_OPTIONS } from './element/element-options';
import { elementBehaviour } from './element/element-properties';
import type { AgentWebchatElement, AgentWebchatEventMap } from './element/element-types';
import { parseDataAttributes } from './options/data-attributes';
import { validateOptions } from './options/validate-options';
import { mountWithExtras } from './widget-extras';

export type { WebchatEventMap } from './contract/client';
export type {
  AgentWebchatElement,
  AgentWebchatEventMap,
  AgentWebchatEventProps,
  AgentWebchatMethods,
  AgentWebchatProperties,
} from './element/element-types';

const behaviour = elementBehaviour({
  // The features and the locale's texts the options want come as the package's mount() brings them: by import().
  // The teaser, `attention` and a kept unread count as mount() brings them.
  create: (options, host) => mountWithExtras(options, undefined, { host, prepareAtOnce: false }),
  validateOptions,
  parseDataAttributes,
  attributeOptions: ATTRIBUTE_OPTIONS,
  propertyOptions: PROPERTY_OPTIONS,
});
defineWebchatElement(() => Promise.resolve(behaviour), behaviour);

declare global {
  interface HTMLElementTagNameMap {
    'agent-webchat': AgentWebchatElement;
  }
  interface HTMLElementEventMap extends AgentWebchatEventMap {}
}
