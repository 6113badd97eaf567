// Entry of the custom element's file beside the script tag's loader (dist/agent-webchat-element.js):
// what <agent-webchat> does (src/element/element-controller.ts) and its option properties
// (src/element/element-properties.ts). The loader defines the element and
// inserts this file with its integrity hash when an element first needs it; as it runs, it hands
// the loader its code through an event on its own <script> element, as the conversation file does.
// The loader gives it what it already has: the launcher's widget and the option parsing.

import { elementBehaviour } from './element/element-properties';
import type { ElementCode } from './element/element-types';
import { FILE_EVENT } from './loader/file-event';

const code: ElementCode = { behaviour: elementBehaviour };

document.currentScript?.dispatchEvent(new CustomEvent(FILE_EVENT, { detail: code }));
