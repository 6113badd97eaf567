// A picture of an image file made on the visitor's side, small: the file is decoded once, drawn on
// a canvas no larger than the preview's box, and the canvas's PNG is the preview's blob URL. The
// full file never goes into the DOM (nor as a data: URL). Whoever takes the URL revokes it.

/** The longest side of a preview, in pixels (twice its CSS size, for sharp screens). */
const PREVIEW_PIXELS = 160;

/** A blob URL of a small copy of the image, or undefined when the browser cannot decode it. */
export async function makePreview(file: Blob): Promise<string | undefined> {
  if (!file.type.startsWith('image/')) return;
  // A browser without createImageBitmap, or a picture it cannot decode: no preview.
  try {
    const bitmap = await createImageBitmap(file);
    const scale = Math.min(1, PREVIEW_PIXELS / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(bitmap.width * scale));
    canvas.height = Math.max(1, Math.round(bitmap.height * scale));
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const small = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
    return small ? URL.createObjectURL(small) : undefined;
  } catch {
    return;
  }
}
