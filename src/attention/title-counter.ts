// Option `attention: title`: "(N) " before the page's title while messages wait unread. The page
// may change its title meanwhile (a single-page app's navigation): the counter goes back in front
// of the new title, and when nothing is unread any more the title is exactly the page's latest.

export interface TitleCounter {
  set(count: number): void;
  stop(): void;
}

export function createTitleCounter(doc: Document = document): TitleCounter {
  /** The prefix this counter wrote and the whole title it left ('' when it shows none). */
  let prefix = '';
  let written = '';
  let observer: MutationObserver | undefined;

  /** The page's own title: what it wrote after us as it is, ours without the prefix. */
  const pageTitle = () => (doc.title === written ? written.slice(prefix.length) : doc.title);

  const write = (count: number) => {
    const page = pageTitle();
    prefix = count > 0 ? `(${count}) ` : '';
    written = prefix + page;
    if (doc.title !== written) doc.title = written;
  };

  const watch = () => {
    if (observer || typeof MutationObserver !== 'function') return;
    // The page set a title of its own: the counter goes before it again.
    observer = new MutationObserver(() => {
      if (prefix && doc.title !== written) write(Number(prefix.slice(1, -2)));
    });
    observer.observe(doc.head ?? doc.documentElement, { subtree: true, childList: true, characterData: true });
  };

  return {
    set(count) {
      if (count > 0) watch();
      else {
        observer?.disconnect();
        observer = undefined;
      }
      if (count > 0 || prefix) write(count);
    },
    stop() {
      observer?.disconnect();
      observer = undefined;
      if (prefix) write(0);
    },
  };
}
