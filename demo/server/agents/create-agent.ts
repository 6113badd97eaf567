// A new agent: its `main` branch with one default variant, nothing deployed yet.

import { newId } from '../build-host/ids';
import { ID_PREFIXES } from './lookup';
import { type Agent, type AgentContent, type AgentsModel, emptyArrivals, emptyRealtime, MAIN_BRANCH } from './model';

export interface NewAgent {
  workspace: string;
  name: string;
  description: string;
  agentId?: string;
  behavior?: string;
}

export function createAgent(model: AgentsModel, fields: NewAgent): Agent {
  const at = model.timestamp();
  const content: AgentContent = {
    behavior: fields.behavior ?? '',
    topics: [],
    attributes: [],
    // A branch always has exactly one default variant: conversations without a variant_id use it.
    variants: [{ id: `${ID_PREFIXES.variant}default`, name: 'Default', isDefault: true, attributeValues: { values: {} } }],
  };
  const agent: Agent = {
    agentId: fields.agentId ?? newId(ID_PREFIXES.agent),
    name: fields.name,
    description: fields.description,
    workspace: fields.workspace,
    createdAt: at,
    updatedAt: at,
    branches: new Map([
      [MAIN_BRANCH, { id: MAIN_BRANCH, name: MAIN_BRANCH, createdAt: at, updatedAt: at, content, baseRevision: 0, touched: new Set() }],
    ]),
    mainRevision: 0,
    mainChanges: [],
    deployments: new Map(),
    arrivals: emptyArrivals(),
    realtime: emptyRealtime(),
  };
  model.agents.set(agent.agentId, agent);
  return agent;
}
