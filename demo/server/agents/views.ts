// The JSON records the Agents API answers with. Content frozen in deployments is summarised, not
// dumped: behavior text and counts, so a list stays readable.

import { type Agent, type Branch, type Deployment, ENVIRONMENTS, type Environment, servingDeployment } from './model';

export function agentView(agent: Agent): Record<string, unknown> {
  return {
    agentId: agent.agentId,
    name: agent.name,
    description: agent.description,
    defaultBranch: 'main',
    createdAt: agent.createdAt,
    updatedAt: agent.updatedAt,
    environments: Object.fromEntries(ENVIRONMENTS.map((environment) => [environment, servingDeployment(agent, environment)?.id ?? null])),
  };
}

export function branchView(agent: Agent, branch: Branch): Record<string, unknown> {
  return {
    id: branch.id,
    name: branch.name,
    agentId: agent.agentId,
    isDefault: branch.id === 'main',
    baseRevision: branch.id === 'main' ? agent.mainRevision : branch.baseRevision,
    changes: [...branch.touched].sort(),
    createdAt: branch.createdAt,
    updatedAt: branch.updatedAt,
  };
}

export function deploymentView(agent: Agent, deployment: Deployment): Record<string, unknown> {
  const serving: Environment[] = ENVIRONMENTS.filter((environment) => servingDeployment(agent, environment)?.id === deployment.id);
  return {
    id: deployment.id,
    agentId: agent.agentId,
    state: deployment.state,
    environments: serving,
    revision: deployment.revision,
    behavior: deployment.content.behavior,
    topicCount: deployment.content.topics.length,
    variantCount: deployment.content.variants.length,
    // The variants a conversation may run where this deployment serves: the ids its records keep.
    variants: deployment.content.variants.map(({ id, name, isDefault }) => ({ id, name, isDefault })),
    history: deployment.history,
    createdAt: deployment.createdAt,
    updatedAt: deployment.updatedAt,
  };
}
