// The after-conversation feature in a rendered widget, through the seam: the rating form after the
// end, once per session and across tabs; the feedback toggles and their events; nothing without
// the options.
import { act, fireEvent, waitFor, within } from '@testing-library/preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WebchatEventMap, WebchatEventType } from '../../contract/client';
import type { WidgetOptions } from '../../contract/widget';
import { mountWidget } from '../../mount';
import { createFeatureHost } from '../../seam/feature-host';
import type { WebchatState } from '../../store/state';
import { createFakeFetch, type FakeAnswer, type RecordedRequest } from '../../testing/fake-fetch';
import { agent, fakeClient } from '../../ui/test-helpers';
import after from './index';

afterEach(() => {
  document.body.innerHTML = '';
});

const ENDED: Partial<WebchatState> = {
  status: 'ended',
  ended: { reason: 'REASON_NATURAL_END' },
  items: [
    agent('m1', 'Hello! How can I help?'),
    {
      kind: 'system',
      key: 'sys:end-1',
      notice: { code: 'session-ended', reason: 'REASON_NATURAL_END' },
      timestamp: '2024-05-01T10:01:00.000Z',
    },
  ],
};

function widget(
  options: Partial<WidgetOptions>,
  patch: Partial<WebchatState> = {},
  answer: (req: RecordedRequest) => FakeAnswer = () => ({ status: 204 }),
) {
  const { fetch, requests } = createFakeFetch(answer);
  vi.stubGlobal('fetch', fetch);
  const events: [WebchatEventType, unknown][] = [];
  const client = fakeClient(patch);
  const features = createFeatureHost(
    {
      options: { messagingUrl: 'https://example.com', connectorToken: 't', ...options },
      client,
      emit: <E extends WebchatEventType>(type: E, event: WebchatEventMap[E]) => void events.push([type, event]),
    },
    [after],
  );
  act(() => {
    mountWidget(client, { open: true, locale: 'en', features });
  });
  const root = within(document.querySelector('[data-agent-webchat]')!.shadowRoot as unknown as HTMLElement);
  return { root, client, events, requests, features };
}

describe('rating', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the endpoint after the end, offers the form, sends once, thanks and raises the event', async () => {
    const { root, events, requests } = widget({ ratingUrl: '/api/rating' }, ENDED, (req) =>
      req.method === 'GET' ? { status: 200, body: { rated: false } } : { status: 201 },
    );
    const group = await root.findByRole('radiogroup', { name: 'Rate this conversation' });
    fireEvent.click(within(group).getByRole('radio', { name: '5 stars' }));
    fireEvent.input(root.getByRole('textbox', { name: 'Comment' }), { target: { value: 'Spot on' } });
    fireEvent.click(root.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(root.getByText('Thank you for your rating.')).toBeTruthy());
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual(['GET /api/rating', 'POST /api/rating']);
    expect(JSON.parse(requests[1]!.body)).toEqual({ score: 5, comment: 'Spot on' });
    expect(events).toEqual([['rating', { score: 5, comment: 'Spot on' }]]);
    expect(root.queryByRole('radiogroup')).toBeNull();
  });

  it('is not offered again when the endpoint says the session was rated', async () => {
    const { root, requests } = widget({ ratingUrl: '/api/rating' }, ENDED, () => ({ status: 200, body: { rated: true } }));
    await waitFor(() => expect(requests).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.queryByRole('radiogroup')).toBeNull();
    expect(root.getByRole('button', { name: 'Start new conversation' })).toBeTruthy();
  });

  it('with `rating` alone: no request, the event only', async () => {
    const { root, events, requests } = widget({ rating: true }, ENDED);
    fireEvent.click(await root.findByRole('radio', { name: '2 stars' }));
    fireEvent.click(root.getByRole('button', { name: 'Send rating' }));
    await waitFor(() => expect(events).toEqual([['rating', { score: 2 }]]));
    expect(requests).toHaveLength(0);
  });

  it('nothing while the session goes on', async () => {
    const { root, requests } = widget({ ratingUrl: '/api/rating' }, { items: [agent('m1', 'Hi')] });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(root.queryByRole('radiogroup')).toBeNull();
    expect(requests).toHaveLength(0);
  });
});

describe('message feedback', () => {
  it('toggles under agent messages raise message-feedback {messageId, value}', () => {
    const { root, events } = widget({ messageFeedback: true }, { items: [agent('m1', 'Hi'), agent('m2', 'More')] });
    const [helpful] = root.getAllByRole('button', { name: 'Helpful' });
    const [, notHelpful] = root.getAllByRole('button', { name: 'Not helpful' });
    act(() => {
      fireEvent.click(helpful!);
      fireEvent.click(notHelpful!);
    });
    expect(events).toEqual([
      ['message-feedback', { messageId: 'm1', value: 'helpful' }],
      ['message-feedback', { messageId: 'm2', value: 'not-helpful' }],
    ]);
    expect(root.getAllByRole('button', { name: 'Helpful' }).map((b) => b.getAttribute('aria-pressed'))).toEqual(['true', 'false']);
    expect(root.getAllByRole('button', { name: 'Not helpful' }).map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'true']);
  });

  it('no toggles and no rating without the options', () => {
    const { root } = widget({}, ENDED);
    expect(root.queryByRole('button', { name: 'Helpful' })).toBeNull();
    expect(root.queryByRole('radiogroup')).toBeNull();
  });
});
