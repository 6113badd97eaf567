// The language a conversation is held in, kept in its state (`language`, what a deployed agent
// would store): set from the widget's locale on join or by "language <code>", read on every turn.

import type { PlatformModel } from '../model/platform-model';
import { AGENT_WORDS, type AgentLanguage, type AgentWords, agentLanguage } from './agent-words';

export function conversationLanguage(model: PlatformModel, conversationId: string): AgentLanguage {
  return agentLanguage(model.conversations.get(conversationId)?.state['language']) ?? 'en';
}

export function setConversationLanguage(model: PlatformModel, conversationId: string, language: AgentLanguage): void {
  model.setState(conversationId, 'language', language);
}

export function wordsOf(model: PlatformModel, conversationId: string): AgentWords {
  return AGENT_WORDS[conversationLanguage(model, conversationId)];
}
