// What the demo agent is in each environment: its greeting, behaviour and real-time values.
// The agent reads it on every join and every turn, so a new deployment or a changed real-time
// value shows in the next conversation without a restart.

import { GREETING } from '../agent/demo-content';
import { DEMO_VARIANTS } from './tenancy';
import type { Environment } from './types';

/** A variant as conversations see it: what records carry and Chat `create` may name. */
export interface DeployedVariant {
  id: string;
  name: string;
  isDefault: boolean;
}

export interface AgentDefinition {
  /** The greeting to say, any real-time override already applied by the source. */
  greeting: string;
  /** The deployed behaviour text (system prompt and rules). */
  behavior: string;
  /** Real-time values of the environment. */
  variables: Record<string, unknown>;
  /** The variants deployed in the environment, exactly one of them the default. */
  variants: readonly DeployedVariant[];
}

export interface AgentDefinitionSource {
  definitionFor(environment: Environment): AgentDefinition;
}

export const BUILT_IN_VARIANTS: readonly DeployedVariant[] = DEMO_VARIANTS.map(({ id, name, isDefault }) => ({ id, name, isDefault }));

/** Until the Agents API deploys something, every environment runs the built-in demo agent. */
export const BUILT_IN_DEFINITION: AgentDefinitionSource = {
  definitionFor: () => ({ greeting: GREETING, behavior: `Greeting: ${GREETING}`, variables: {}, variants: BUILT_IN_VARIANTS }),
};
