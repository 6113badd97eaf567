// Calls: every outbound call whose status is still readable, newest first, with each status it
// went through and the VOICE-SIP conversation an answered call became.

import { h } from 'preact';
import { clock, dateTime } from '../format';
import { fetchCalls } from '../platform-api';
import { Badge, LiveStatus, Scroll } from '../status';
import { usePolling } from '../use-polling';
import { conversationHref } from './conversation-list';

export function CallsPage() {
  const polled = usePolling((signal) => fetchCalls(signal), 'calls');
  const calls = polled.data;
  return (
    <section>
      <h1 id="calls-title">Outbound calls</h1>
      <LiveStatus polled={polled} what="calls" />
      {calls && calls.length === 0 ? <p>No outbound call yet (or their status data has expired, 2 hours after each call ended).</p> : null}
      {calls && calls.length > 0 ? (
        <Scroll label="Outbound calls">
          <table class="list">
            <thead>
              <tr>
                <th scope="col">Call</th>
                <th scope="col">Number called</th>
                <th scope="col">Placed</th>
                <th scope="col">Status</th>
                <th scope="col">Status history</th>
                <th scope="col">Conversation</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={call.sid}>
                  <th scope="row" class="id">
                    {call.sid}
                  </th>
                  <td>{call.toNumber}</td>
                  <td>{dateTime(call.createdAt)}</td>
                  <td>
                    <Badge value={call.status} />
                    {call.reason ? <span class="reason"> {call.reason}</span> : null}
                  </td>
                  <td>
                    <ol class="history">
                      {call.history.map((change) => (
                        <li key={`${change.status}${change.at}`}>
                          {change.status} <time dateTime={change.at}>{clock(change.at)}</time>
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td>
                    {call.conversationId && call.conversationStartedAt ? (
                      <a
                        class="id"
                        href={conversationHref({ id: call.conversationId, startedAt: call.conversationStartedAt, environment: 'live' })}
                      >
                        {call.conversationId}
                      </a>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </Scroll>
      ) : null}
    </section>
  );
}
