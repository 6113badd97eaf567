// What runs outside branches: real-time config variables per environment (apply at once, no
// publish) and the agent's telephony connectors.

import { FieldReader } from '../build-host/fields';
import { ok, type Route } from '../build-host/router';
import { findAgent, findEnvironment } from './lookup';
import { type AgentsModel, ENVIRONMENTS } from './model';
import { connectorsOf } from './telephony-connectors';

const MAX_VARIABLES = 100;
const MAX_GREETING = 1000;

export function runtimeRoutes(model: AgentsModel): Route[] {
  return [
    {
      method: 'GET',
      path: '/v1/agents/:agentId/real-time-configs',
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        return ok({ data: ENVIRONMENTS.map((environment) => ({ segment: environment, variables: agent.realtime[environment] })) });
      },
    },
    {
      method: 'GET',
      path: '/v1/agents/:agentId/real-time-configs/:segment/variables',
      handle: ({ principal, params }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const environment = findEnvironment(params['segment'] ?? '');
        return ok({ segment: environment, variables: agent.realtime[environment] });
      },
    },
    {
      method: 'PATCH',
      path: '/v1/agents/:agentId/real-time-configs/:segment/variables',
      handle: ({ principal, params, body }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const environment = findEnvironment(params['segment'] ?? '');
        const fields = new FieldReader('updateRealTimeVariables', body);
        const variables = fields.record('variables') ?? {};
        for (const [name, value] of Object.entries(variables)) {
          if (!/^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/.test(name)) fields.fail(`variables.${name}`, 'is not a valid variable name');
          if (name === 'greeting' && value !== null && (typeof value !== 'string' || value.trim() === '' || value.length > MAX_GREETING))
            fields.fail('variables.greeting', `must be a non-empty string of at most ${MAX_GREETING} characters, or null to remove it`);
        }
        const current = agent.realtime[environment];
        const after = Object.keys({ ...current, ...variables }).filter(
          (name) => (Object.hasOwn(variables, name) ? variables[name] : current[name]) !== null,
        ).length;
        if (after > MAX_VARIABLES) fields.fail('variables', `an environment holds at most ${MAX_VARIABLES} variables`);
        fields.check();
        // A merge patch: named variables are set, `null` removes one, the others stay.
        for (const [name, value] of Object.entries(variables)) {
          if (value === null) delete current[name];
          else current[name] = value;
        }
        agent.updatedAt = model.timestamp();
        return ok({ segment: environment, variables: current });
      },
    },
    {
      method: 'GET',
      path: '/v1/agents/:agentId/telephony/connectors',
      handle: ({ principal, params }) => ok({ data: connectorsOf(findAgent(model, principal, params['agentId'] ?? '').agentId) }),
    },
    {
      method: 'POST',
      path: '/v1/agents/:agentId/telephony/connectors/batch',
      handle: ({ principal, params, body }) => {
        const agent = findAgent(model, principal, params['agentId'] ?? '');
        const fields = new FieldReader('findConnectors', body);
        const ids = fields.stringArray('connectorIds');
        fields.check();
        const registered = connectorsOf(agent.agentId);
        const wanted = [...new Set(ids)];
        return ok({
          found: registered.filter((connector) => wanted.includes(connector.connectorId)),
          notFound: wanted.filter((id) => !registered.some((connector) => connector.connectorId === id)),
        });
      },
    },
  ];
}
