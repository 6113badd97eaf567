// Agents and branches: create, list, read, merge.

import { conflict } from '../build-host/api-error';
import { FieldReader } from '../build-host/fields';
import { newId } from '../build-host/ids';
import { created, ok, type Route } from '../build-host/router';
import { createAgent } from './create-agent';
import { findAgent, findBranch, ID_PREFIXES } from './lookup';
import { mergeIntoMain } from './merge';
import { type AgentsModel, cloneContent, mainBranch } from './model';
import { agentView, branchView } from './views';

export function agentRoutes(model: AgentsModel): Route[] {
  return [
    {
      method: 'POST',
      path: '/v1/agents',
      handle: ({ principal, body }) => {
        const fields = new FieldReader('createAgent', body);
        const name = fields.string('name');
        const description = fields.string('description');
        fields.check();
        const agent = createAgent(model, { workspace: principal.workspace, name: name ?? '', description: description ?? '' });
        return created({ ...agentView(agent), branch: branchView(agent, mainBranch(agent)) });
      },
    },
    {
      method: 'GET',
      path: '/v1/agents',
      handle: ({ principal }) => ok({ data: model.inWorkspace(principal.workspace).map(agentView) }),
    },
    {
      method: 'GET',
      path: '/v1/agents/:agentId',
      handle: ({ principal, params }) => ok(agentView(findAgent(model, principal, params['agentId'] ?? ''))),
    },
    {
      method: 'GET',
      path: '/v1/agents/:agentId/branches',
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok({ data: [...agent.branches.values()].map((branch) => branchView(agent, branch)) });
      },
    },
    {
      method: 'POST',
      path: '/v1/agents/:agentId/branches',
      handle: ({ principal, params, body }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const fields = new FieldReader('createBranch', body);
        const name = fields.string('name');
        fields.check();
        if ([...agent.branches.values()].some((branch) => branch.name === name))
          throw conflict(`A branch named "${name}" already exists`, [{ field: 'name', message: 'is already taken' }]);
        const at = model.timestamp();
        const branch = {
          id: newId(ID_PREFIXES.branch),
          name: name ?? '',
          createdAt: at,
          updatedAt: at,
          content: cloneContent(mainBranch(agent).content),
          baseRevision: agent.mainRevision,
          touched: new Set<string>(),
        };
        agent.branches.set(branch.id, branch);
        return created(branchView(agent, branch));
      },
    },
    {
      method: 'GET',
      path: '/v1/agents/:agentId/branches/:branchId',
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok(branchView(agent, findBranch(agent, params['branchId'] ?? '')));
      },
    },
    {
      method: 'POST',
      path: '/v1/agents/:agentId/branches/:branchId/merge',
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok(mergeIntoMain(model, agent, findBranch(agent, params['branchId'] ?? '')));
      },
    },
  ];
}
