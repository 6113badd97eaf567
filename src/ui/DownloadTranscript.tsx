import { Component, h } from 'preact';
import type { Strings } from '../strings/strings';
import { Icon } from './Icon';

const DOWNLOAD_ICON = 'M12 4v11M7 10l5 5 5-5M5 20h14';

/** `conversation-2026-11-26.txt`, the visitor's own date. */
export function transcriptFileName(now: Date): string {
  const pad = (n: number) => `${n}`.padStart(2, '0');
  return `conversation-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}.txt`;
}

/**
 * "Download transcript": the conversation as a .txt file, from a Blob URL and a download link —
 * no data: URL, no script, nothing a strict CSP forbids. The URL lives until the next download or
 * until the widget goes: revoking it at once can cut a download short in some browsers.
 */
export class DownloadTranscript extends Component<{ strings: Strings; text(): string }> {
  #url: string | undefined;

  #download = (event: MouseEvent) => {
    this.#revoke();
    this.#url = URL.createObjectURL(new Blob([this.props.text()], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = this.#url;
    link.download = transcriptFileName(new Date());
    link.hidden = true;
    // Inside the widget's own tree, so the page's click handlers never see it.
    (event.currentTarget instanceof Node ? event.currentTarget.parentNode : null)?.appendChild(link);
    link.click();
    link.remove();
  };

  #revoke() {
    if (this.#url) URL.revokeObjectURL(this.#url);
    this.#url = undefined;
  }

  override componentWillUnmount(): void {
    this.#revoke();
  }

  override render() {
    const label = this.props.strings.translate('downloadTranscript');
    return (
      <button type="button" aria-label={label} title={label} onClick={this.#download}>
        <Icon path={DOWNLOAD_ICON} />
      </button>
    );
  }
}
