// Entry of the conversation file beside the script tag's loader (dist/agent-webchat-conversation.js):
// the widget itself — panel, transport, store, Markdown. The loader (embed.ts) inserts it with its
// integrity hash when the visitor shows intent; as it runs, it hands the loader the way to mount
// the widget onto the loader's host element, through an event on its own <script> element (no
// global name, and one loader's file never reaches another copy's).
import { mountValidated } from './handle';
import { CONVERSATION_EVENT, type Conversation } from './loader/conversation-loader';

const conversation: Conversation = {
  mount: (options, host, prepareAtOnce) => mountValidated(options, undefined, { host, prepareAtOnce }),
};

document.currentScript?.dispatchEvent(new CustomEvent(CONVERSATION_EVENT, { detail: conversation }));
