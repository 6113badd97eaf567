// Finding a resource from its path id: malformed → 422, unknown → 404, another workspace's → 403.

import { forbidden, malformedId, notFound } from '../build-host/api-error';
import { matchesId } from '../build-host/ids';
import type { BuildPrincipal } from '../build-host/keys';
import { type Agent, type AgentsModel, type Branch, type Deployment, ENVIRONMENTS, type Environment, type Variant } from './model';

export const ID_PATTERNS = {
  agentId: /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
  branchId: /^(main|br_[A-Za-z0-9]+)$/,
  deploymentId: /^dep_[A-Za-z0-9]+$/,
  variantId: /^var_[A-Za-z0-9]+$/,
} as const;

export const ID_PREFIXES = { branch: 'br_', deployment: 'dep_', variant: 'var_', topic: 'topic_', attribute: 'attr_', agent: 'agt_' };

function checkId(field: keyof typeof ID_PATTERNS, value: string): void {
  if (!matchesId(ID_PATTERNS[field], value)) throw malformedId(field, ID_PATTERNS[field].source);
}

export function findAgent(model: AgentsModel, principal: BuildPrincipal, agentId: string): Agent {
  checkId('agentId', agentId);
  const agent = model.agents.get(agentId);
  if (!agent) throw notFound('Agent', agentId);
  if (agent.workspace !== principal.workspace) throw forbidden('agent');
  return agent;
}

export function findBranch(agent: Agent, branchId: string): Branch {
  checkId('branchId', branchId);
  const branch = agent.branches.get(branchId);
  if (!branch) throw notFound('Branch', branchId);
  return branch;
}

export function findDeployment(agent: Agent, deploymentId: string): Deployment {
  checkId('deploymentId', deploymentId);
  const deployment = agent.deployments.get(deploymentId);
  if (!deployment) throw notFound('Deployment', deploymentId);
  return deployment;
}

export function findVariant(branch: Branch, variantId: string): Variant {
  checkId('variantId', variantId);
  const variant = branch.content.variants.find((candidate) => candidate.id === variantId);
  if (!variant) throw notFound('Variant', variantId);
  return variant;
}

/** The real-time configs path segment names an environment. */
export function findEnvironment(segment: string): Environment {
  const environment = ENVIRONMENTS.find((candidate) => candidate === segment);
  if (!environment) throw notFound('Real-time config', segment);
  return environment;
}
