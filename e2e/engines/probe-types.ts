// The page-side helpers of e2e/fixtures/engines-probe.js, as the journey sees them.

export interface ElementState {
  name: string;
  text: string;
  visible: boolean;
  disabled: boolean;
  focused: boolean;
  value: string | null;
  attributes: Record<string, string>;
}

export interface TranscriptEntry {
  author: string | null;
  status: string | null;
  streaming: boolean;
  notice: string | null;
  text: string;
}

export interface StreamSample {
  node: number;
  length: number;
  streaming: boolean;
  count: number;
}

export interface Probe {
  errors: string[];
  findAll(role: string, name?: string): ElementState[];
  centre(role: string, name?: string): { x: number; y: number } | null;
  transcript(): TranscriptEntry[];
  watch(watches: Record<string, string>): void;
  seen: Record<string, string[]>;
  watchStream(): void;
  streamSamples: StreamSample[];
  root(): ShadowRoot | null;
}

declare global {
  interface Window {
    __engines: Probe;
  }
}
