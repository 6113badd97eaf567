// Chat REST API (docs/protocol.md §7): turn-based create / respond / close. The conversation
// lives in the platform model (channel CHAT); each call leaves one turn record there. The demo
// agent's script is the Messaging one, reduced to text.

import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { conversationLanguage, setConversationLanguage, wordsOf } from '../agent/conversation-language';
import { newPaymentEventId } from '../agent/demo-agent';
import {
  CLIENT_HANDOFF_QUEUE,
  helpText,
  languageChange,
  longText,
  markdownText,
  paymentLink,
  paymentStatusText,
  paymentText,
  plainReply,
} from '../agent/demo-content';
import { decideTurn, type TurnDecision } from '../agent/turn-decision';
import { turnRecord } from '../agent/turn-record';
import { CREDENTIALS, keyPermitsProject } from '../http/credentials';
import { header, parseJsonBody, readBody, sendError, sendJson, sendTooMany } from '../http/http-io';
import type { SlidingWindowLimiter } from '../http/rate-limiter';
import { isRecord, SYSTEM_TEXT } from '../messaging/wire';
import type { PlatformModel } from '../model/platform-model';
import { isAccount, projectSlug } from '../model/tenancy';
import type { ConversationRecord, Environment } from '../model/types';
import { checkBody } from '../openapi/request-validation';
import { checkCreateVariant, refuseVariantAfterCreate } from './variant-rules';

export const CHAT_API_KEY = CREDENTIALS.chatApiKey;
export const CHAT_CONNECTOR_TOKEN = CREDENTIALS.chatConnectorToken;

/** The Chat connector of the demo serves the live environment. */
const CHAT_ENVIRONMENT: Environment = 'live';

const CHAT_PATH = /^\/v1\/([^/]+)\/([^/]+)\/chat\/([^/]+)$/;

type Operation = 'create' | 'respond' | 'close';
const METHODS: Record<Operation, string> = { create: 'POST', respond: 'POST', close: 'PUT' };
const OPERATION_IDS: Record<Operation, string> = {
  create: 'createChatConversation',
  respond: 'respondInChatConversation',
  close: 'closeChatConversation',
};

export interface ChatReply {
  response: string;
  end_conversation: boolean;
  handoff?: { destination: string; reason: string };
}

export interface ChatDeps {
  limiter: SlidingWindowLimiter;
  model: PlatformModel;
  /** This server's origin, for the payment link. */
  baseUrl: () => string;
}

export class ChatRest {
  constructor(private readonly deps: ChatDeps) {}

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

    const slug = projectSlug(project);
    if (!isAccount(account) || slug === undefined) return sendError(res, 404, 'Account or project not found');
    if (!keyPermitsProject(slug)) return sendError(res, 403, 'API key not authorized for this project');

    const operation = toOperation(operationName);
    if (!operation) return sendError(res, 404, 'Not found');
    if (req.method !== METHODS[operation]) {
      return sendError(res, 405, 'Method not allowed', { Allow: METHODS[operation] });
    }

    const decision = this.deps.limiter.take(apiKey);
    if (!decision.ok) return sendTooMany(res, decision.retryAfterSeconds);

    // The platform lists `Content-Type: application/json` among the headers of every Chat request.
    if (!isJson(header(req, 'content-type'))) return sendError(res, 415, 'Content-Type must be application/json');
    const parsed = parseJsonBody(bodyText);
    if (!parsed.ok) return sendError(res, 400, 'Invalid JSON body');
    // The body's shape is the OpenAPI document's (ChatCreateRequest, ChatRespondRequest, ChatCloseRequest).
    const checked = checkBody(OPERATION_IDS[operation], parsed.value, 'Invalid JSON body');
    if (!checked.ok) return sendError(res, 400, checked.message);
    const body = checked.value;
    const { model } = this.deps;

    switch (operation) {
      case 'create': {
        const requested = typeof body['variant_id'] === 'string' ? body['variant_id'] : undefined;
        const variant = checkCreateVariant(requested, model.deployedVariants(CHAT_ENVIRONMENT));
        if (!variant.ok) return sendError(res, 400, variant.error);
        const attributes = isRecord(body['integration_attributes']) ? body['integration_attributes'] : undefined;
        const receivedAt = Date.now();
        const record = model.startConversation({
          id: `conv_${randomUUID()}`,
          projectId: slug,
          environment: CHAT_ENVIRONMENT,
          channel: 'CHAT',
          ...(variant.variantId === undefined ? {} : { variantId: variant.variantId }),
          startedAt: receivedAt,
          // Set on the first turn and kept for the whole conversation, as the platform does.
          state: { integration_attributes: attributes ?? {} },
        });
        const { greeting } = model.agentDefinitions.definitionFor(CHAT_ENVIRONMENT);
        model.addTurn(
          record.id,
          turnRecord({
            userInput: '',
            receivedAt,
            spoken: [greeting],
            decision: { intents: ['greeting'], entities: {}, isOod: false, isSilence: false },
          }),
        );
        return sendJson(res, 200, { conversation_id: record.id, response: greeting });
      }
      case 'respond': {
        const refused = refuseVariantAfterCreate(body);
        if (refused !== undefined) return sendError(res, 400, refused);
        const record = this.lookup(res, body['conversation_id']);
        if (!record) return;
        const message = typeof body['message'] === 'string' ? body['message'] : undefined;
        const reply = this.takeTurn(record, message);
        return sendJson(res, 200, { conversation_id: record.id, ...reply });
      }
      case 'close': {
        const refused = refuseVariantAfterCreate(body);
        if (refused !== undefined) return sendError(res, 400, refused);
        // Closing is idempotent: a client retrying a close whose answer it lost learns it is closed.
        const record = this.lookup(res, body['conversation_id'], { ended: 'accept' });
        if (!record) return;
        model.endConversation(record.id);
        return sendJson(res, 200, { success: true });
      }
    }
  }

  /** One pass: read the definition, understand once, act, answer, record the turn. */
  private takeTurn(record: ConversationRecord, message: string | undefined): ChatReply {
    const { model } = this.deps;
    const receivedAt = Date.now();
    model.agentDefinitions.definitionFor(record.environment);
    const decision = decideTurn(message);
    // Results that arrived since the last turn are told first.
    const news = model.externalEvents.take(record.id).map((event) => paymentStatusText(event.status, wordsOf(model, record.id)));
    const reply = this.act(record, decision, message ?? '');
    if (decision.understanding.kind === 'agent' && decision.understanding.trigger.kind === 'high-load') {
      model.recordIncident('function_error', record.projectId);
    }
    if (reply.handoff) model.recordHandoff(record.id, reply.handoff.reason, reply.handoff.destination);
    const response = [...news, reply.response].join('\n\n');
    model.addTurn(record.id, turnRecord({ userInput: message ?? '', receivedAt, spoken: [response], decision }));
    if (reply.end_conversation) model.endConversation(record.id);
    return { ...reply, response };
  }

  private act(record: ConversationRecord, decision: TurnDecision, message: string): ChatReply {
    const { understanding } = decision;
    if (understanding.kind !== 'agent') {
      // A turn without a message is the user's silence: the agent re-prompts.
      return { response: 'Are you still there? Say "help" to see what I can do.', end_conversation: false };
    }
    const trigger = understanding.trigger;
    const say = (response: string): ChatReply => ({ response, end_conversation: false });
    const words = wordsOf(this.deps.model, record.id);
    switch (trigger.kind) {
      case 'human':
        // Handing off ends the agent's side of the conversation; the site routes the user on.
        return {
          response: words.handoffIntro,
          end_conversation: true,
          handoff: { destination: 'live-agent-queue', reason: 'USER_REQUESTED' },
        };
      case 'bye':
        return { response: words.goodbye, end_conversation: true };
      case 'pay': {
        const eventId = newPaymentEventId();
        this.deps.model.externalEvents.expect(eventId, record.id);
        return say(paymentText(paymentLink(this.deps.baseUrl(), eventId), words));
      }
      case 'high-load':
        return say(SYSTEM_TEXT.highLoad);
      case 'language': {
        const change = languageChange(trigger.code, conversationLanguage(this.deps.model, record.id));
        setConversationLanguage(this.deps.model, record.id, change.language);
        return say(change.text);
      }
      case 'handoff-fail':
        return say(words.handoffFailed);
      case 'handoff-timeout':
        return say(words.handoffTimeout);
      case 'client-handoff':
        this.deps.model.recordHandoff(record.id, 'AGENT_DECISION', CLIENT_HANDOFF_QUEUE);
        return say(words.clientHandoff);
      case 'markdown':
        return say(markdownText('https://example.com', words));
      case 'long':
        return say(longText(words));
      case 'stream':
        return say(words.stream);
      case 'suggest':
        return say(`${words.suggest} "Show me a link", "Send an image", "Talk to a human".`);
      case 'link':
        return say(`${words.link} https://example.com/`);
      case 'image':
        return say(`${words.image} (images need the Messaging API; this is the text-only Chat API)`);
      case 'help':
        return say(helpText(words));
      case 'plain':
        return say(plainReply(message, words));
    }
  }

  /** Answers 404 / 410 itself and returns undefined when the conversation cannot take a turn (or be closed). */
  private lookup(
    res: ServerResponse,
    id: unknown,
    options: { ended: 'refuse' | 'accept' } = { ended: 'refuse' },
  ): ConversationRecord | undefined {
    const record = typeof id === 'string' ? this.deps.model.conversations.get(id) : undefined;
    if (record?.channel !== 'CHAT') {
      sendError(res, 404, 'Conversation not found');
      return undefined;
    }
    if (record.endedAt !== undefined && options.ended === 'refuse') {
      sendError(res, 410, 'Conversation has ended');
      return undefined;
    }
    return record;
  }
}

/** `application/json`, with or without parameters such as `charset`. */
function isJson(contentType: string | undefined): boolean {
  return contentType?.split(';')[0]?.trim().toLowerCase() === 'application/json';
}

function toOperation(name: string): Operation | undefined {
  return name === 'create' || name === 'respond' || name === 'close' ? name : undefined;
}
