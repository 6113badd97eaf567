// The suggestions shown: those of the latest agent message (its later chunks may add more);
// what the user sends clears them.

import type { AgentMessage } from '../state';
import type { Draft } from './draft';

/** Shows the suggestions of message `from`; the claim is the caller's. */
export function showSuggestions(draft: Draft, suggestions: AgentMessage['suggestions'], from?: string): void {
  if (suggestions.length || draft.state.suggestions.length) draft.state.suggestions = suggestions;
  if (draft.state.marks.suggestionsFrom !== from) draft.mark({ suggestionsFrom: from });
}

/** What the user sends clears the suggestions (unless a newer message set them). */
export function clearSuggestions(draft: Draft, sequence: number | null): void {
  if (draft.claim('suggestions', sequence)) showSuggestions(draft, []);
}
