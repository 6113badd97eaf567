// What clients did on the wire, for tests to assert on. Access tokens are masked before they are
// stored: the record is served over HTTP and may end up in test logs.

export type ConnectionOutcome = 'open' | 'refused' | number;

export interface ConnectionRecord {
  sessionId: string;
  cursor: string | null;
  /** Masked, e.g. `eyJh…(masked)` — never the real token. */
  accessToken: string;
  at: string;
  outcome: ConnectionOutcome;
}

export interface ClientEventRecord {
  sessionId: string;
  type: string;
  payload: unknown;
  custom?: unknown;
  at: string;
}

export interface JoinRecord {
  sessionId: string;
  at: string;
}

export interface SessionRecord {
  sessionId: string;
  streaming: boolean;
  platform: string;
}

export interface HttpRecord {
  method: string;
  path: string;
  status: number;
}

export interface PlatformRecord {
  connections: ConnectionRecord[];
  clientEvents: ClientEventRecord[];
  joins: JoinRecord[];
  sessions: SessionRecord[];
  http: HttpRecord[];
}

export function maskToken(token: string): string {
  if (token === '') return '';
  return `${token.slice(0, 4)}…(masked)`;
}

export class Recorder {
  private data: PlatformRecord = emptyRecord();

  connection(entry: Omit<ConnectionRecord, 'at' | 'accessToken'> & { accessToken: string }): void {
    this.data.connections.push({ ...entry, accessToken: maskToken(entry.accessToken), at: now() });
  }

  clientEvent(entry: Omit<ClientEventRecord, 'at'>): void {
    this.data.clientEvents.push({ ...entry, at: now() });
  }

  join(sessionId: string): void {
    this.data.joins.push({ sessionId, at: now() });
  }

  session(entry: SessionRecord): void {
    this.data.sessions.push(entry);
  }

  http(entry: HttpRecord): void {
    this.data.http.push(entry);
  }

  /** A deep copy, so callers can keep it while the server goes on recording. */
  snapshot(): PlatformRecord {
    return structuredClone(this.data);
  }

  clear(): void {
    this.data = emptyRecord();
  }
}

function emptyRecord(): PlatformRecord {
  return { connections: [], clientEvents: [], joins: [], sessions: [], http: [] };
}

function now(): string {
  return new Date().toISOString();
}
