// What the demo agent runs in each environment: the behavior deployed there (its `Greeting:` line
// is the greeting), the default variant's values, and the real-time variables, which apply at
// once. Read on every join and turn, so a deploy or a PATCH changes the next conversation.

import { type AgentDefinition, type AgentDefinitionSource, BUILT_IN_VARIANTS } from '../model/agent-definition';
import { type AgentsModel, type Environment, servingDeployment } from './model';

const GREETING_LINE = /^[ \t]*Greeting:[ \t]*(\S.*?)[ \t]*$/m;

/** The text of the first `Greeting: <text>` line, if the behavior has one. */
export function greetingOf(behavior: string): string | undefined {
  return GREETING_LINE.exec(behavior)?.[1];
}

export class DeployedDefinitions implements AgentDefinitionSource {
  constructor(
    private readonly model: AgentsModel,
    private readonly agentId: string,
    /** Used when nothing is deployed in an environment (or its behavior names no greeting). */
    private readonly fallback: { greeting: string; behavior: string },
  ) {}

  definitionFor(environment: Environment): AgentDefinition {
    const agent = this.model.agents.get(this.agentId);
    const content = agent ? servingDeployment(agent, environment)?.content : undefined;
    const behavior = content?.behavior ?? this.fallback.behavior;
    const variantValues = content?.variants.find((variant) => variant.isDefault)?.attributeValues.values ?? {};
    const variables: Record<string, unknown> = { ...variantValues, ...agent?.realtime[environment] };
    const override = variables['greeting'];
    const greeting = typeof override === 'string' && override.trim() !== '' ? override : (greetingOf(behavior) ?? this.fallback.greeting);
    // Nothing deployed (every deployment rolled back): the built-in agent's variants.
    const variants = content ? content.variants.map(({ id, name, isDefault }) => ({ id, name, isDefault })) : BUILT_IN_VARIANTS;
    return { greeting, behavior, variables, variants };
  }
}
