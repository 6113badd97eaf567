// Who is typing: the latest typing fact by sequence wins; a message or the end clears it.

import type { WebchatState } from '../state';
import type { Draft } from './draft';

export function setTyping(draft: Draft, sequence: number | null, typing: WebchatState['typing']): void {
  const current = draft.state.typing;
  const changed = !typing || !current || current.who !== typing.who || current.name !== typing.name;
  if (draft.claim('typing', sequence) && changed) draft.state.typing = typing;
}
