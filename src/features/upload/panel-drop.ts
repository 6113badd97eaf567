// Files dropped anywhere on the panel are attached; while files are dragged over it, the panel shows
// its drop target (AttachedFiles). Text or links dragged over it are left to the browser.
import type { Uploads } from './uploads';

const carriesFiles = (event: DragEvent) => !!event.dataTransfer?.types.includes('Files');

/** Listens on the panel's element; returns detach. `ended`: after the session, nothing is attached. */
export function listenForDrops(panel: HTMLElement, uploads: Uploads, ended: () => boolean): () => void {
  // dragenter/dragleave fire for every element crossed inside the panel: counted, so the target
  // stays until the files leave the panel itself.
  let depth = 0;
  const onEnter = (event: DragEvent) => {
    if (!carriesFiles(event) || ended()) return;
    event.preventDefault();
    depth += 1;
    uploads.setDragging(true);
  };
  const onOver = (event: DragEvent) => {
    if (!carriesFiles(event) || ended()) return;
    // Allows the drop (the browser would open the file instead).
    event.preventDefault();
    if (event.dataTransfer) event.dataTransfer.dropEffect = 'copy';
  };
  const onLeave = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    depth = Math.max(0, depth - 1);
    if (!depth) uploads.setDragging(false);
  };
  const onDrop = (event: DragEvent) => {
    if (!carriesFiles(event)) return;
    event.preventDefault();
    depth = 0;
    uploads.setDragging(false);
    if (!ended()) void uploads.attach([...(event.dataTransfer?.files ?? [])]);
  };
  // One signal takes every listener off at once (the targeted browsers all take it).
  const listening = new AbortController();
  const { signal } = listening;
  panel.addEventListener('dragenter', onEnter, { signal });
  panel.addEventListener('dragover', onOver, { signal });
  panel.addEventListener('dragleave', onLeave, { signal });
  panel.addEventListener('drop', onDrop, { signal });
  return () => listening.abort();
}
