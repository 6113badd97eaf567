// State of the Agents API: agents of a workspace, their branches (behavior, knowledge-base topics,
// attributes, variants), deployments per environment and real-time values. Plain data; the
// operations that change it live in the handlers and in merge.ts / deployments.ts.

import type { Environment } from '../model/types';

export { ENVIRONMENTS, type Environment } from '../model/types';

export const MAIN_BRANCH = 'main';

export interface Topic {
  id: string;
  name: string;
  content: string;
  createdAt: string;
}

/** A dimension along which sites differ (e.g. `region`); variants give each one a value. */
export interface Attribute {
  id: string;
  name: string;
  createdAt: string;
}

export interface Variant {
  id: string;
  name: string;
  isDefault: boolean;
  attributeValues: { values: Record<string, string> };
}

/** What a branch holds and a deployment freezes. */
export interface AgentContent {
  behavior: string;
  topics: Topic[];
  attributes: Attribute[];
  variants: Variant[];
}

export interface Branch {
  id: string;
  name: string;
  createdAt: string;
  updatedAt: string;
  content: AgentContent;
  /** The revision of `main` this branch was made from (or last merged at). */
  baseRevision: number;
  /** Parts changed on this branch since its base: `behavior`, `topic:<id>`, `attribute:<id>`, `variant:<id>`. */
  touched: Set<string>;
}

export type DeploymentState = Environment | 'rolled_back';

export interface Deployment {
  id: string;
  agentId: string;
  /** How far it went: sandbox → pre-release → live; `rolled_back` ends it. */
  state: DeploymentState;
  /** The revision of `main` it was published from. */
  revision: number;
  content: AgentContent;
  createdAt: string;
  updatedAt: string;
  history: Array<{ state: DeploymentState; at: string }>;
}

export interface Agent {
  agentId: string;
  name: string;
  description: string;
  workspace: string;
  createdAt: string;
  updatedAt: string;
  branches: Map<string, Branch>;
  mainRevision: number;
  /** Which parts each revision of `main` changed: what a merge compares a branch against. */
  mainChanges: Array<{ revision: number; parts: string[] }>;
  deployments: Map<string, Deployment>;
  /** Per environment, the deployments that arrived there, oldest first; the last one not rolled back serves. */
  arrivals: Record<Environment, string[]>;
  realtime: Record<Environment, Record<string, unknown>>;
}

export class AgentsModel {
  readonly agents = new Map<string, Agent>();

  constructor(readonly now: () => Date = () => new Date()) {}

  timestamp(): string {
    return this.now().toISOString();
  }

  inWorkspace(workspace: string): Agent[] {
    return [...this.agents.values()].filter((agent) => agent.workspace === workspace);
  }
}

export function emptyArrivals(): Record<Environment, string[]> {
  return { sandbox: [], 'pre-release': [], live: [] };
}

export function emptyRealtime(): Record<Environment, Record<string, unknown>> {
  return { sandbox: {}, 'pre-release': {}, live: {} };
}

export function cloneContent(content: AgentContent): AgentContent {
  return structuredClone(content);
}

export function mainBranch(agent: Agent): Branch {
  const main = agent.branches.get(MAIN_BRANCH);
  if (!main) throw new Error(`agent ${agent.agentId} has no main branch`);
  return main;
}

/** The deployment an environment runs now, if any. */
export function servingDeployment(agent: Agent, environment: Environment): Deployment | undefined {
  const arrivals = agent.arrivals[environment];
  for (let index = arrivals.length - 1; index >= 0; index -= 1) {
    const deployment = agent.deployments.get(arrivals[index] ?? '');
    if (deployment && deployment.state !== 'rolled_back') return deployment;
  }
  return undefined;
}

/**
 * Records a change to a branch. On `main` it is a new revision (merges compare against these);
 * on any other branch the parts are remembered for the merge.
 */
export function recordChange(model: AgentsModel, agent: Agent, branch: Branch, parts: readonly string[]): void {
  const at = model.timestamp();
  branch.updatedAt = at;
  agent.updatedAt = at;
  if (branch.id === MAIN_BRANCH) {
    agent.mainRevision += 1;
    agent.mainChanges.push({ revision: agent.mainRevision, parts: [...parts] });
  } else {
    for (const part of parts) branch.touched.add(part);
  }
}
