// The demo agent's texts live in agent/demo-content.ts; the widget's integration tests import
// them from here, so this path stays.
export * from './agent/demo-content';
