// Builds the one turn record a user turn leaves in the platform model.

import type { TurnRecord } from '../model/types';
import type { TurnDecision } from './turn-decision';

export interface FinishedTurn {
  userInput: string;
  receivedAt: number;
  /** Everything the agent (or the live agent) said in answer, in order. */
  spoken: readonly string[];
  decision: Pick<TurnDecision, 'intents' | 'entities' | 'isOod' | 'isSilence'>;
  answeredAt?: number;
}

export function turnRecord(turn: FinishedTurn): TurnRecord {
  const answeredAt = turn.answeredAt ?? Date.now();
  const answered = turn.spoken.length > 0;
  return {
    userInput: turn.userInput,
    userInputDtmf: '',
    userInputAt: turn.receivedAt,
    agentResponse: turn.spoken.join('\n'),
    agentResponseAt: answered ? answeredAt : turn.receivedAt,
    latencyMs: answered ? Math.max(0, answeredAt - turn.receivedAt) : 0,
    intents: turn.decision.intents,
    entities: turn.decision.entities,
    isOod: turn.decision.isOod,
    isSilence: turn.decision.isSilence,
    bargeIn: false,
  };
}
