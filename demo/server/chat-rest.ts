// Chat REST API (docs/protocol.md §7): turn-based create / respond / close, answered by the same
// keyword script as the messaging agent, reduced to text.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import {
  CLIENT_HANDOFF_TEXT,
  GOODBYE_TEXT,
  GREETING,
  HANDOFF_FAILED_TEXT,
  HANDOFF_INTRO,
  HANDOFF_TIMEOUT_TEXT,
  HELP_TEXT,
  IMAGE_TEXT,
  LINK_TEXT,
  LONG_TEXT,
  languageReply,
  markdownText,
  plainReply,
  STREAM_TEXT,
  SUGGEST_TEXT,
} from './demo-content';
import { header, parseJsonBody, readBody, sendError, sendJson, sendTooMany } from './http-io';
import type { SlidingWindowLimiter } from './rate-limiter';
import { matchTrigger } from './triggers';
import { isRecord, SYSTEM_TEXT } from './wire';

export const CHAT_API_KEY = 'demo-api-key';
export const CHAT_CONNECTOR_TOKEN = 'demo-connector-token';

/** Slug and prefixed id of each registered account and project; both forms are accepted. */
const ACCOUNT = { slug: 'demo-account', id: 'ACCOUNT-demo0001' };
const PROJECTS = [
  { slug: 'demo-project', id: 'PROJECT-demo0001', keyAllowed: true },
  // Exists, but the demo key holds no permission on it: exercises 403.
  { slug: 'private-project', id: 'PROJECT-private01', keyAllowed: false },
];

const CHAT_PATH = /^\/v1\/([^/]+)\/([^/]+)\/chat\/([^/]+)$/;

type Operation = 'create' | 'respond' | 'close';
const METHODS: Record<Operation, string> = { create: 'POST', respond: 'POST', close: 'PUT' };

interface Conversation {
  ended: boolean;
  variantId: string | undefined;
}

export interface ChatReply {
  response: string;
  end_conversation: boolean;
  handoff?: { destination: string; reason: string };
}

export class ChatRest {
  private readonly conversations = new Map<string, Conversation>();

  constructor(private readonly limiter: SlidingWindowLimiter) {}

  static matches(pathname: string): boolean {
    return CHAT_PATH.test(pathname);
  }

  async handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    const bodyText = await readBody(req);
    const [, account = '', project = '', operationName = ''] = CHAT_PATH.exec(pathname) ?? [];

    const apiKey = header(req, 'x-api-key');
    const connectorToken = header(req, 'x-token');
    if (apiKey === undefined || connectorToken === undefined) return sendError(res, 401, 'Missing authentication headers');
    if (apiKey !== CHAT_API_KEY || connectorToken !== CHAT_CONNECTOR_TOKEN)
      return sendError(res, 401, 'Invalid API key or connector token');

    const knownProject = PROJECTS.find((candidate) => candidate.slug === project || candidate.id === project);
    if ((account !== ACCOUNT.slug && account !== ACCOUNT.id) || !knownProject) return sendError(res, 404, 'Account or project not found');
    if (!knownProject.keyAllowed) return sendError(res, 403, 'API key not authorized for this project');

    const operation = toOperation(operationName);
    if (!operation) return sendError(res, 404, 'Not found');
    if (req.method !== METHODS[operation]) {
      return sendError(res, 405, 'Method not allowed', { Allow: METHODS[operation] });
    }

    const decision = this.limiter.take(apiKey);
    if (!decision.ok) return sendTooMany(res, decision.retryAfterSeconds);

    const parsed = parseJsonBody(bodyText);
    if (!parsed.ok || !isRecord(parsed.value)) return sendError(res, 400, 'Invalid JSON body');
    const body = parsed.value;

    switch (operation) {
      case 'create': {
        const variantId = body['variant_id'];
        const attributes = body['integration_attributes'];
        if (variantId !== undefined && typeof variantId !== 'string') return sendError(res, 400, 'variant_id must be a string');
        if (attributes !== undefined && !isRecord(attributes)) return sendError(res, 400, 'integration_attributes must be an object');
        const conversationId = `conv_${randomUUID()}`;
        this.conversations.set(conversationId, { ended: false, variantId });
        return sendJson(res, 200, { conversation_id: conversationId, response: GREETING });
      }
      case 'respond': {
        const found = this.lookup(res, body['conversation_id']);
        if (!found) return;
        const message = body['message'];
        if (message !== undefined && typeof message !== 'string') return sendError(res, 400, 'message must be a string');
        const reply = chatReply(message);
        if (reply.end_conversation) found.conversation.ended = true;
        return sendJson(res, 200, { conversation_id: found.id, ...reply });
      }
      case 'close': {
        const found = this.lookup(res, body['conversation_id']);
        if (!found) return;
        found.conversation.ended = true;
        return sendJson(res, 200, { success: true });
      }
    }
  }

  /** Answers 400 / 404 / 410 itself and returns undefined when the conversation cannot take a turn. */
  private lookup(res: ServerResponse, id: unknown): { id: string; conversation: Conversation } | undefined {
    if (typeof id !== 'string' || id === '') {
      sendError(res, 400, 'conversation_id is required');
      return undefined;
    }
    const conversation = this.conversations.get(id);
    if (!conversation) {
      sendError(res, 404, 'Conversation not found');
      return undefined;
    }
    if (conversation.ended) {
      sendError(res, 410, 'Conversation has ended');
      return undefined;
    }
    return { id, conversation };
  }
}

function toOperation(name: string): Operation | undefined {
  return name === 'create' || name === 'respond' || name === 'close' ? name : undefined;
}

/** A turn without a message is the user's silence: the agent re-prompts. */
export function chatReply(message: string | undefined): ChatReply {
  if (message === undefined || message.trim() === '')
    return { response: 'Are you still there? Say "help" to see what I can do.', end_conversation: false };
  const trigger = matchTrigger(message);
  const say = (response: string): ChatReply => ({ response, end_conversation: false });
  switch (trigger.kind) {
    case 'human':
      // Handing off ends the agent's side of the conversation; the site routes the user on.
      return { response: HANDOFF_INTRO, end_conversation: true, handoff: { destination: 'live-agent-queue', reason: 'USER_REQUESTED' } };
    case 'bye':
      return { response: GOODBYE_TEXT, end_conversation: true };
    case 'high-load':
      return say(SYSTEM_TEXT.highLoad);
    case 'language':
      return say(languageReply(trigger.code));
    case 'handoff-fail':
      return say(HANDOFF_FAILED_TEXT);
    case 'handoff-timeout':
      return say(HANDOFF_TIMEOUT_TEXT);
    case 'client-handoff':
      return say(CLIENT_HANDOFF_TEXT);
    case 'markdown':
      return say(markdownText('https://example.com'));
    case 'long':
      return say(LONG_TEXT);
    case 'stream':
      return say(STREAM_TEXT);
    case 'suggest':
      return say(`${SUGGEST_TEXT} "Show me a link", "Send an image", "Talk to a human".`);
    case 'link':
      return say(`${LINK_TEXT} https://example.com/`);
    case 'image':
      return say(`${IMAGE_TEXT} (images need the Messaging API; this is the text-only Chat API)`);
    case 'help':
      return say(HELP_TEXT);
    case 'plain':
      return say(plainReply(message));
  }
}
