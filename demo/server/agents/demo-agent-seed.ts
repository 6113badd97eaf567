// The agent behind the demo connector: `demo-agent` in `demo-workspace`, its behavior deployed to
// every environment, and the telephony connector `demo-voice-connector`.

import { GREETING } from '../agent/demo-content';
import { createAgent } from './create-agent';
import { ID_PREFIXES } from './lookup';
import type { Agent, AgentsModel, Deployment } from './model';

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
  // Live from the start, so every environment's widget has an agent before anyone publishes.
  const initial: Deployment = {
    id: `${ID_PREFIXES.deployment}initial`,
    agentId: agent.agentId,
    state: 'live',
    revision: 0,
    content: structuredClone(agent.branches.get('main')?.content ?? { behavior: DEMO_BEHAVIOR, topics: [], attributes: [], variants: [] }),
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
