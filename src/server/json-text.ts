// JSON text that comes from elsewhere (the platform's answers, stored bindings) is read without a
// throw: text that is not JSON reads as undefined, which no JSON text parses to.

export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
