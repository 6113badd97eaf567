// The one name the loader and the files it fetches share at run time. A module of its own, so that
// the conversation file, which dispatches it, draws nothing else of the loader's code in: the
// loader's list of files (FILE_NAMES) is built by calls a bundler must keep wherever the module goes.

/** Dispatched on its own <script> element by each file as it runs, with what it hands over as detail. */
export const FILE_EVENT = 'agent-webchat:file';
