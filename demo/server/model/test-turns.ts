// Tests that need a turn in the model only for its times and its latency.
import type { TurnRecord } from './types';

/** A plain answered turn: the agent replied at `at`, `latencyMs` after the visitor's input. */
export function answeredTurn(at: number, latencyMs: number): TurnRecord {
  return {
    userInput: 'hi',
    userInputDtmf: '',
    userInputAt: at - latencyMs,
    agentResponse: 'hello',
    agentResponseAt: at,
    latencyMs,
    intents: [],
    entities: {},
    isOod: false,
    isSilence: false,
    bargeIn: false,
  };
}
