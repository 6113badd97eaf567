// The agent behind the demo connector: `demo-agent` in `demo-workspace`, its behavior deployed to
// every environment, and the telephony connector `demo-voice-connector`.

import { GREETING } from '../agent/demo-content';
import { DEMO_VARIANTS } from '../model/tenancy';
import { createAgent } from './create-agent';
import { ID_PREFIXES } from './lookup';
import { type Agent, type AgentsModel, type Deployment, mainBranch } from './model';

export const DEMO_AGENT_ID = 'demo-agent';
export const DEMO_WORKSPACE = 'demo-workspace';

export const DEMO_BEHAVIOR = [
  'You are Ada, the demo agent of agent-webchat. Answer briefly and offer a next step.',
  'Hand the conversation to a person when asked for a human.',
  `Greeting: ${GREETING}`,
].join('\n');

export function seedDemoAgent(model: AgentsModel): Agent {
  const agent = createAgent(model, {
    workspace: DEMO_WORKSPACE,
    agentId: DEMO_AGENT_ID,
    name: 'Ada (demo agent)',
    description: 'The scripted agent behind the demo connector.',
    behavior: DEMO_BEHAVIOR,
  });
  const at = model.timestamp();
  // Its site variants (attributes are the dimensions, variants the combinations): the ids every
  // conversation record, the voice connector and the seeded history use.
  const content = mainBranch(agent).content;
  const names = [...new Set(DEMO_VARIANTS.flatMap((variant) => Object.keys(variant.values)))];
  content.attributes = names.map((name) => ({ id: `${ID_PREFIXES.attribute}${name}`, name, createdAt: at }));
  content.variants = DEMO_VARIANTS.map(({ id, name, isDefault, values }) => ({
    id,
    name,
    isDefault,
    attributeValues: { values: { ...values } },
  }));
  // Live from the start, so every environment's widget has an agent before anyone publishes.
  const initial: Deployment = {
    id: `${ID_PREFIXES.deployment}initial`,
    agentId: agent.agentId,
    state: 'live',
    revision: 0,
    content: structuredClone(content),
    createdAt: at,
    updatedAt: at,
    history: [
      { state: 'sandbox', at },
      { state: 'pre-release', at },
      { state: 'live', at },
    ],
  };
  agent.deployments.set(initial.id, initial);
  for (const environment of ['sandbox', 'pre-release', 'live'] as const) agent.arrivals[environment].push(initial.id);
  return agent;
}
