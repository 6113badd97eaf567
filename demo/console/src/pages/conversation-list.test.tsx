import { render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { describe, expect, it } from 'vitest';
import { parseConversation } from '../platform-api';
import { ConversationTable } from './conversation-list';

describe('ConversationTable', () => {
  it('names each conversation by a link to its turns, with its first words', () => {
    const conversations = Array.from({ length: 100 }, (_, index) =>
      parseConversation({
        id: `hist-1-${index}`,
        started_at: `2026-11-26T10:${String(index % 60).padStart(2, '0')}:00.000Z`,
        channel: 'CHAT',
        environment: 'live',
        num_turns: 2,
        turns: [{ user_input: '' }, { user_input: `question ${index}` }],
      }),
    );
    render(<ConversationTable conversations={conversations} />);
    expect(screen.getAllByRole('row')).toHaveLength(101);
    const link = screen.getByRole('link', { name: 'hist-1-7' });
    expect(link.getAttribute('href')).toBe('#/conversation/hist-1-7?at=2026-11-26T10%3A07%3A00.000Z&env=live');
    expect(link.closest('tr')?.textContent).toContain('question 7');
  });

  it('marks live conversations and those that hold only a greeting', () => {
    const conversations = [
      parseConversation({ id: 'greeted', started_at: '2026-11-26T10:00:00.000Z', in_progress: true, turns: [{ user_input: '' }] }),
      parseConversation({ id: 'spoken', started_at: '2026-11-26T09:00:00.000Z', turns: [{ user_input: '' }, { user_input: 'hi' }] }),
    ];
    render(<ConversationTable conversations={conversations} />);
    const greeted = screen.getByRole('link', { name: 'greeted' }).closest('tr');
    expect(greeted?.textContent).toContain('greeting only');
    expect(greeted?.textContent).toContain('live now');
    const spoken = screen.getByRole('link', { name: 'spoken' }).closest('tr');
    expect(spoken?.textContent).toContain('finished');
    expect(spoken?.textContent).not.toContain('live now');
  });
});
