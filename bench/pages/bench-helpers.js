// Page-side helpers of the benchmarks (plain JS: nothing injected by a bundler).

/** Resolves with performance.now() as soon as `done(shadowRoot)` holds, checked on every change. */
function whenTranscript(done) {
  return new Promise((resolve) => {
    var root = document.querySelector('[data-agent-webchat]').shadowRoot;
    if (done(root)) return resolve(performance.now());
    var observer = new MutationObserver(() => {
      if (!done(root)) return;
      observer.disconnect();
      resolve(performance.now());
    });
    observer.observe(root, { childList: true, subtree: true, characterData: true });
  });
}

window.bench = {
  widget: () => window.AgentWebchat.widget,
  /** Resolves with performance.now() once `count` items of `author` are rendered. */
  wait: (author, count, minTextLength) =>
    whenTranscript((root) => {
      var items = root.querySelectorAll(`[data-author="${author}"]`);
      var last = items[items.length - 1];
      return items.length >= count && (last ? last.textContent.length : 0) >= minTextLength;
    }),
  /** Resolves with performance.now() once the last transcript item contains `text`. */
  waitForText: (text) =>
    whenTranscript((root) => {
      var items = root.querySelectorAll('[data-author]');
      var last = items[items.length - 1];
      return !!last && last.textContent.indexOf(text) >= 0;
    }),
  /**
   * Resolves with performance.now() just after the next frame is painted: a frame's rendering
   * (style, layout, paint) runs right after its requestAnimationFrame callbacks, and a message
   * posted from one is delivered in a task after that rendering.
   */
  afterNextPaint: () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => {
        var channel = new MessageChannel();
        channel.port1.onmessage = () => resolve(performance.now());
        channel.port2.postMessage(0);
      });
    }),
  /** Resolves when the main thread is next idle. */
  afterIdle: () => new Promise((resolve) => requestIdleCallback(() => resolve())),
  /**
   * Idle callbacks wait (until releaseIdleCallbacks) while a figure that ends at a paint is read:
   * they run only once the frame is painted, so their work is not part of it, but they may run
   * before the page's counters are read.
   */
  holdIdleCallbacks: () => {
    var held = [];
    var requestIdleCallback = window.requestIdleCallback;
    window.requestIdleCallback = (callback) => held.push(callback);
    window.bench.releaseIdleCallbacks = () => {
      window.requestIdleCallback = requestIdleCallback;
      for (const callback of held) requestIdleCallback(callback);
    };
  },
  releaseIdleCallbacks: () => undefined,
};
