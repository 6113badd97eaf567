// The rating form and the feedback toggles as a visitor finds them: names, keyboard, statuses.
import { fireEvent, render, screen } from '@testing-library/preact';
import { h } from 'preact';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FeedbackButtons, type FeedbackValue } from './FeedbackButtons';
import { RatingForm } from './RatingForm';
import type { RatingView } from './rating-session';
import { ar } from './strings/ar';
import { de } from './strings/de';
import type { Key as AfterStringKey } from './strings/en';
import { en } from './strings/en';
import { es } from './strings/es';
import { fr } from './strings/fr';
import { it as italian } from './strings/it';
import { ja } from './strings/ja';
import { pt } from './strings/pt';
import { zh } from './strings/zh';

afterEach(() => {
  document.body.innerHTML = '';
});

const t = (key: AfterStringKey): string => {
  const text = en[key];
  return typeof text === 'string' ? text : text.other;
};

function form(view: RatingView) {
  const onSubmit = vi.fn();
  const result = render(<RatingForm view={view} t={t} formId="w1-rating" onSubmit={onSubmit} />);
  return { onSubmit, ...result };
}

describe('RatingForm', () => {
  it('is a radio group of five named stars, a comment and "Send rating"', () => {
    form({ stage: 'open' });
    const group = screen.getByRole('radiogroup', { name: 'Rate this conversation' });
    expect(Array.from(group.querySelectorAll('input')).map((radio) => radio.getAttribute('aria-label'))).toEqual([
      '1 star',
      '2 stars',
      '3 stars',
      '4 stars',
      '5 stars',
    ]);
    expect(screen.getByRole('textbox', { name: 'Comment' })).toHaveProperty('maxLength', 1000);
    expect(screen.getByRole('button', { name: 'Send rating' })).toBeTruthy();
  });

  it('sends the chosen score and the trimmed comment', async () => {
    const { onSubmit } = form({ stage: 'open' });
    fireEvent.click(screen.getByRole('radio', { name: '4 stars' }));
    fireEvent.input(screen.getByRole('textbox', { name: 'Comment' }), { target: { value: '  Clear answers ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(onSubmit).toHaveBeenCalledWith(4, 'Clear answers');
  });

  it('asks for a score first, and moves the focus to the stars', () => {
    const { onSubmit } = form({ stage: 'open' });
    fireEvent.click(screen.getByRole('button', { name: 'Send rating' }));
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('alert').textContent).toBe('Choose a number of stars first.');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: '1 star' }));
  });

  it('is one group of native radios: the browser gives it one tab stop and arrow keys', () => {
    form({ stage: 'open' });
    const names = new Set(screen.getAllByRole('radio').map((radio) => radio.getAttribute('name')));
    expect([...names]).toEqual(['w1-rating-score']);
  });

  it('shows what the endpoint refused in plain words', () => {
    form({ stage: 'open', problem: 'rate-limited' });
    expect(screen.getByRole('alert').textContent).toBe('Too many ratings. Please try again later.');
  });

  it('thanks with a focused status once sent', () => {
    const { rerender } = form({ stage: 'sending' });
    expect(screen.getByRole('button', { name: 'Sending…' })).toHaveProperty('disabled', true);
    rerender(<RatingForm view={{ stage: 'thanked' }} t={t} formId="w1-rating" onSubmit={() => undefined} />);
    const thanks = screen.getByRole('status');
    expect(thanks.textContent).toBe('Thank you for your rating.');
    expect(document.activeElement).toBe(thanks);
    expect(screen.queryByRole('radiogroup')).toBeNull();
  });

  it('shows nothing while hidden or checking', () => {
    const { container } = form({ stage: 'checking' });
    expect(container.innerHTML).toBe('');
  });
});

describe('FeedbackButtons', () => {
  function toggles(value: FeedbackValue | undefined) {
    const onChange = vi.fn();
    render(<FeedbackButtons value={value} t={t} onChange={onChange} />);
    return onChange;
  }

  it('are two named toggles; one is pressed at most', () => {
    toggles('helpful');
    expect(screen.getByRole('button', { name: 'Helpful' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Not helpful' }).getAttribute('aria-pressed')).toBe('false');
  });

  it('choose, switch, and take back', () => {
    const onChange = toggles('helpful');
    fireEvent.click(screen.getByRole('button', { name: 'Not helpful' }));
    fireEvent.click(screen.getByRole('button', { name: 'Helpful' }));
    expect(onChange.mock.calls).toEqual([['not-helpful'], [undefined]]);
  });
});

describe('texts', () => {
  it('every offered locale has every text, none left in English by mistake', () => {
    const others = { ar, de, es, fr, it: italian, ja, pt, zh };
    expect(Object.keys(others).sort()).toEqual(['ar', 'de', 'es', 'fr', 'it', 'ja', 'pt', 'zh']);
    for (const table of Object.values(others)) {
      expect(Object.keys(table).sort()).toEqual(Object.keys(en).sort());
      expect(table.rateConversation).not.toBe(en.rateConversation);
    }
  });
});
