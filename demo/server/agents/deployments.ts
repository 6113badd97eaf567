// Publishing and moving deployments: publish freezes `main` into a sandbox deployment; promote
// moves what runs in sandbox to pre-release, and what runs in pre-release to live; rollback ends a
// deployment and every environment it served goes back to what served it before.

import { conflict } from '../build-host/api-error';
import { newId } from '../build-host/ids';
import { ID_PREFIXES } from './lookup';
import { type Agent, type AgentsModel, cloneContent, type Deployment, type Environment, mainBranch, servingDeployment } from './model';

const NEXT: Record<Environment, Environment | undefined> = { sandbox: 'pre-release', 'pre-release': 'live', live: undefined };

export function publish(model: AgentsModel, agent: Agent): Deployment {
  const at = model.timestamp();
  const deployment: Deployment = {
    id: newId(ID_PREFIXES.deployment),
    agentId: agent.agentId,
    state: 'sandbox',
    revision: agent.mainRevision,
    content: cloneContent(mainBranch(agent).content),
    createdAt: at,
    updatedAt: at,
    history: [{ state: 'sandbox', at }],
  };
  agent.deployments.set(deployment.id, deployment);
  agent.arrivals.sandbox.push(deployment.id);
  agent.updatedAt = at;
  return deployment;
}

export function promote(model: AgentsModel, agent: Agent, deployment: Deployment): Deployment {
  if (deployment.state === 'rolled_back') throw conflict(`Deployment ${deployment.id} was rolled back and cannot be promoted`);
  const next = NEXT[deployment.state];
  if (!next) throw conflict(`Deployment ${deployment.id} is already live`);
  // Only what an environment runs now moves on: a newer publish to sandbox supersedes older ones.
  if (servingDeployment(agent, deployment.state)?.id !== deployment.id)
    throw conflict(`Deployment ${deployment.id} no longer runs in ${deployment.state}; promote the one that does`);
  moveTo(model, agent, deployment, next);
  agent.arrivals[next].push(deployment.id);
  return deployment;
}

export interface Rollback {
  deployment: Deployment;
  /** Per environment it served: the deployment that serves it now (null: nothing deployed). */
  restored: Partial<Record<Environment, string | null>>;
}

export function rollback(model: AgentsModel, agent: Agent, deployment: Deployment): Rollback {
  if (deployment.state === 'rolled_back') throw conflict(`Deployment ${deployment.id} is already rolled back`);
  const served = (['sandbox', 'pre-release', 'live'] as const).filter(
    (environment) => servingDeployment(agent, environment)?.id === deployment.id,
  );
  moveTo(model, agent, deployment, 'rolled_back');
  const restored: Partial<Record<Environment, string | null>> = {};
  for (const environment of served) restored[environment] = servingDeployment(agent, environment)?.id ?? null;
  return { deployment, restored };
}

function moveTo(model: AgentsModel, agent: Agent, deployment: Deployment, state: Deployment['state']): void {
  const at = model.timestamp();
  deployment.state = state;
  deployment.updatedAt = at;
  deployment.history.push({ state, at });
  agent.updatedAt = at;
}
