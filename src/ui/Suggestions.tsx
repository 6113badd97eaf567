import { h } from 'preact';
import type { Suggestion } from '../protocol/types';

/** One button per suggested reply, named by its text. */
export function Suggestions({
  suggestions,
  onChoose,
}: {
  suggestions: readonly Suggestion[];
  onChoose(text: string, event: MouseEvent): void;
}) {
  return (
    <div class="suggestions" data-part="suggestions">
      {suggestions.map((suggestion) => (
        <button type="button" onClick={(event) => onChoose(suggestion.text, event)}>
          {suggestion.text}
        </button>
      ))}
    </div>
  );
}
