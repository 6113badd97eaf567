import { describe, expect, it } from 'vitest';
import { createInitialState } from '../state';
import { ev } from '../testing/events';
import { appliedIdsOf, apply, events, notices, run, send, users } from '../testing/reducer-helpers';
import { reduce } from '.';

describe('session and agent state', () => {
  it('SESSION_START sets capabilities; SERVICE_AGENT_JOINED sets the agent without a notice', () => {
    const caps = { streaming: true, maxMessageSizeBytes: 1000, maxReconnectAttempts: 2, heartbeatIntervalSeconds: 10 };
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SESSION_START', capabilities: caps }, 1),
      ev({ type: 'EVENT_TYPE_SERVICE_AGENT_JOINED', agentName: 'Ava' }, 2),
    );
    expect(s.capabilities).toEqual(caps);
    expect(s.agent).toEqual({ name: 'Ava' });
    expect(s.agentJoined).toBe(true);
    expect(s.items).toEqual([]);
  });

  it('echoes of join, end, heartbeat and typing are recorded but show nothing; a join REQUEST is not a join', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_REQUEST_SERVICE_AGENT_JOIN' }, 1),
      ev({ type: 'EVENT_TYPE_HEARTBEAT' }, 2),
      ev({ type: 'EVENT_TYPE_USER_TYPING', state: 'TYPING_STATE_STARTED' }, null, { id: 'ut' }),
      ev({ type: 'EVENT_TYPE_USER_END_SESSION' }, 3),
    );
    expect(s.items).toEqual([]);
    expect(s.agentJoined).toBe(false);
    expect(appliedIdsOf(s).sort()).toEqual(['e1', 'e2', 'e3', 'ut']);
    expect(s.lastSequence).toBe(3);
  });

  it('SESSION_END ends, fails sending messages, clears typing and adds a notice', () => {
    let s = run(events(ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, 1)), send('c1'));
    s = apply(s, ev({ type: 'EVENT_TYPE_SESSION_END', reason: 'REASON_USER_END' }, 2));
    expect(s.ended).toEqual({ reason: 'REASON_USER_END' });
    expect(s.status).toBe('ended');
    expect(s.typing).toBeNull();
    expect(users(s)[0]?.status).toBe('failed');
    expect(notices(s)).toEqual([{ code: 'session-ended', reason: 'REASON_USER_END' }]);
    // After the end: no typing, status sticks until reset, a send is failed at once.
    s = apply(s, ev({ type: 'EVENT_TYPE_SERVICE_AGENT_THINKING' }, null, { id: 't' }));
    expect(s.typing).toBeNull();
    expect(reduce(s, { type: 'status', status: 'offline' })).toBe(s);
    expect(users(reduce(s, send('c2')))[1]?.status).toBe('failed');
  });

  it('SYSTEM_MESSAGE adds a notice for every level', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: 'error', message: 'Error: Session not found' }, 1),
      ev({ type: 'EVENT_TYPE_SYSTEM_MESSAGE', level: 'info', message: 'fyi' }, null, { id: 'sys-null' }),
    );
    expect(notices(s)).toEqual([
      { code: 'system', level: 'error', message: 'Error: Session not found' },
      { code: 'system', level: 'info', message: 'fyi' },
    ]);
  });

  it('LANGUAGE_CHANGED: the latest by sequence wins', () => {
    const s = apply(
      createInitialState(),
      ev({ type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: 'de' }, 5),
      ev({ type: 'EVENT_TYPE_LANGUAGE_CHANGED', languageCode: 'fr' }, 4),
    );
    expect(s.language).toBe('de');
  });
});
