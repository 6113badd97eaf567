// What the demo agent is in each environment: its greeting, behaviour and real-time values.
// The agent reads it on every join and every turn, so a new deployment or a changed real-time
// value shows in the next conversation without a restart.

import { GREETING } from '../agent/demo-content';
import type { Environment } from './types';

export interface AgentDefinition {
  /** The greeting to say, any real-time override already applied by the source. */
  greeting: string;
  /** The deployed behaviour text (system prompt and rules). */
  behavior: string;
  /** Real-time values of the environment. */
  variables: Record<string, unknown>;
}

export interface AgentDefinitionSource {
  definitionFor(environment: Environment): AgentDefinition;
}

/** Until the Agents API deploys something, every environment runs the built-in demo agent. */
export const BUILT_IN_DEFINITION: AgentDefinitionSource = {
  definitionFor: () => ({ greeting: GREETING, behavior: `Greeting: ${GREETING}`, variables: {} }),
};
