// The site's limits (`GET {uploadUrl}` → `{"maxBytes", "types"}`), checked on the visitor's side
// before anything is sent, so a file the site would refuse is refused at once, with its reason.
// The site judges again, by the bytes: this check only spares the visitor a useless upload.

export interface UploadLimits {
  maxBytes: number;
  /** Accepted MIME types (`type/subtype`, or `type/*`). */
  types: readonly string[];
}

export type Refusal = 'too-big' | 'type';

/** The limits the site answered, or undefined for anything else. */
export function parseLimits(value: unknown): UploadLimits | undefined {
  if (typeof value !== 'object' || value === null) return;
  const maxBytes: unknown = Reflect.get(value, 'maxBytes');
  const types: unknown = Reflect.get(value, 'types');
  if (typeof maxBytes !== 'number' || !(maxBytes > 0) || !Array.isArray(types)) return;
  const names = types.filter((type): type is string => typeof type === 'string').map((type) => type.trim().toLowerCase());
  return { maxBytes, types: names };
}

const essence = (type: string) => type.split(';')[0]?.trim().toLowerCase() ?? '';

/** Why the site would refuse this file, or undefined when it fits. */
export function refusalOf(file: { size: number; type: string }, limits: UploadLimits): Refusal | undefined {
  if (file.size > limits.maxBytes) return 'too-big';
  const type = essence(file.type);
  // A type the browser does not know (an unusual extension) is the site's to judge, by the bytes.
  if (!type) return;
  const accepted = limits.types.some((allowed) => allowed === type || (allowed.endsWith('/*') && type.startsWith(allowed.slice(0, -1))));
  return accepted ? undefined : 'type';
}
