// Deployments: list, read, publish (draft → sandbox), promote (→ pre-release → live), rollback.

import { FieldReader } from '../build-host/fields';
import { created, ok, type Route } from '../build-host/router';
import { promote, publish, rollback } from './deployments';
import { findAgent, findDeployment } from './lookup';
import type { AgentsModel } from './model';
import { deploymentView } from './views';

export function deploymentRoutes(model: AgentsModel): Route[] {
  const base = '/v1/agents/:agentId/deployments';
  return [
    {
      method: 'GET',
      path: base,
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok({ data: [...agent.deployments.values()].map((deployment) => deploymentView(agent, deployment)) });
      },
    },
    {
      method: 'GET',
      path: `${base}/:deploymentId`,
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok(deploymentView(agent, findDeployment(agent, params['deploymentId'] ?? '')));
      },
    },
    {
      method: 'POST',
      path: `${base}/publish`,
      handle: ({ principal, params, body }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const fields = new FieldReader('publishDraft', body);
        fields.check();
        return created(deploymentView(agent, publish(model, agent)));
      },
    },
    {
      method: 'POST',
      path: `${base}/:deploymentId/promote`,
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const deployment = findDeployment(agent, params['deploymentId'] ?? '');
        return ok(deploymentView(agent, promote(model, agent, deployment)));
      },
    },
    {
      method: 'POST',
      path: `${base}/:deploymentId/rollback`,
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const result = rollback(model, agent, findDeployment(agent, params['deploymentId'] ?? ''));
        return ok({ ...deploymentView(agent, result.deployment), restored: result.restored });
      },
    },
  ];
}
