// One model of what happened on this platform. Every API module reads it; none keeps a private
// copy of a fact another API shows (DESIGN: the whole platform on one machine).

import { type AgentDefinitionSource, BUILT_IN_DEFINITION, type DeployedVariant } from './agent-definition';
import { Calls } from './calls';
import { ConversationStore } from './conversation-store';
import { ExternalEvents } from './external-events';
import { Incidents } from './incidents';
import { ACCOUNT, projectSlug } from './tenancy';
import type {
  ConversationRecord,
  Environment,
  IncidentKind,
  MetricsWindow,
  NewConversation,
  ProjectSettings,
  TurnRecord,
  WindowMetrics,
} from './types';

export const DEFAULT_SETTINGS: ProjectSettings = { transcripts: true, responseMetrics: true, v1FieldWhitelist: false };

export class PlatformModel {
  readonly conversations = new ConversationStore();
  readonly incidents = new Incidents();
  readonly externalEvents = new ExternalEvents();
  readonly calls = new Calls();
  private readonly settings = new Map<string, ProjectSettings>();
  private definitions: AgentDefinitionSource = BUILT_IN_DEFINITION;

  /** Where the demo agent reads its greeting, behaviour and variables (the Agents API plugs in here). */
  get agentDefinitions(): AgentDefinitionSource {
    return this.definitions;
  }

  useAgentDefinitions(source: AgentDefinitionSource): void {
    this.definitions = source;
  }

  /** The variants deployed in an environment: the only ones a conversation there may run. */
  deployedVariants(environment: Environment): readonly DeployedVariant[] {
    return this.definitions.definitionFor(environment).variants;
  }

  /**
   * The variant a new conversation runs: the one asked for, or the deployed default. Callers check
   * a requested id first (Chat answers 400); an id that is not deployed here is a bug, not input.
   */
  variantFor(environment: Environment, variantId: string | undefined): DeployedVariant {
    const variants = this.deployedVariants(environment);
    const variant = variantId === undefined ? variants.find((item) => item.isDefault) : variants.find((item) => item.id === variantId);
    if (!variant) throw new Error(`variant ${variantId ?? '(default)'} is not deployed in ${environment}`);
    return variant;
  }

  startConversation(init: NewConversation, turns: TurnRecord[] = []): ConversationRecord {
    return this.conversations.add(init, this.variantFor(init.environment, init.variantId), turns);
  }

  addTurn(conversationId: string, turn: TurnRecord): void {
    const record = this.conversations.get(conversationId);
    if (record) this.conversations.addTurn(record, turn);
  }

  endConversation(conversationId: string, at = Date.now()): void {
    const record = this.conversations.get(conversationId);
    if (record && record.endedAt === undefined) record.endedAt = at;
    this.externalEvents.forget(conversationId);
  }

  recordHandoff(conversationId: string, reason: string, destination: string, at = Date.now()): void {
    const record = this.conversations.get(conversationId);
    if (record && !record.handoff) record.handoff = { reason, destination, at };
  }

  setState(conversationId: string, key: string, value: unknown): void {
    const record = this.conversations.get(conversationId);
    if (record) record.state[key] = value;
  }

  /** `accountId` defaults to the runtime's account: every runtime conversation and route is its. */
  recordIncident(kind: IncidentKind, projectId: string | undefined, at = Date.now(), accountId: string = ACCOUNT.slug): void {
    this.incidents.record(kind, accountId, projectId === undefined ? undefined : (projectSlug(projectId) ?? projectId), at);
  }

  settingsFor(projectId: string): ProjectSettings {
    return this.settings.get(projectSlug(projectId) ?? projectId) ?? DEFAULT_SETTINGS;
  }

  changeSettings(projectId: string, change: Partial<ProjectSettings>): ProjectSettings {
    const slug = projectSlug(projectId) ?? projectId;
    const next = { ...this.settingsFor(slug), ...change };
    this.settings.set(slug, next);
    return next;
  }

  /**
   * What alert rules evaluate over `[from, to)`: latencies of turns answered in the window,
   * every 4xx/5xx answered on a public route, function errors, call crashes, and the number of
   * conversations started — of the window's account only (and its project, when it names one).
   */
  metricsInWindow(window: MetricsWindow): WindowMetrics {
    const { accountId, from, to } = window;
    const projectId = window.projectId === undefined ? undefined : (projectSlug(window.projectId) ?? window.projectId);
    const turnLatenciesMs: number[] = [];
    let callVolume = 0;
    const records = this.conversations.ordered();
    // A turn is answered after its conversation started, so only records started before `to` count.
    for (const record of records) {
      if (record.startedAt >= to) break;
      if (record.accountId !== accountId || (projectId !== undefined && record.projectId !== projectId)) continue;
      if (record.startedAt >= from) callVolume += 1;
      if ((record.endedAt ?? to) < from) continue;
      for (const turn of record.turns) {
        // A turn nobody answered (the visitor waiting in a handoff queue) has no latency.
        if (turn.agentResponse === '') continue;
        if (turn.agentResponseAt >= from && turn.agentResponseAt < to) turnLatenciesMs.push(turn.latencyMs);
      }
    }
    return {
      turnLatenciesMs,
      apiErrors: this.incidents.count('api_error', from, to, accountId, projectId),
      functionErrors: this.incidents.count('function_error', from, to, accountId, projectId),
      callCrashes: this.incidents.count('call_crash', from, to, accountId, projectId),
      callVolume,
    };
  }
}
