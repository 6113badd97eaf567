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
  const listen = (type: 'dragenter' | 'dragover' | 'dragleave' | 'drop', listener: (event: DragEvent) => void) => {
    panel.addEventListener(type, listener);
    return () => panel.removeEventListener(type, listener);
  };
  const detach = [listen('dragenter', onEnter), listen('dragover', onOver), listen('dragleave', onLeave), listen('drop', onDrop)];
  return () => {
    for (const stop of detach) stop();
  };
}
