// What a feature's code takes from the core at run time: a feature imports these from here, never
// from the core's modules, so that its file (for the script tag) carries none of the core twice —
// the build of a feature file leaves this module out and the conversation hands its own over.
// Types come from anywhere (they leave nothing in the build).

export { Component, createRef, Fragment, h } from 'preact';
export { systemClock } from '../client/clock';
export { defineFeature } from '../seam/types';
export { linkified } from '../ui/ExternalLink';
export { whenIdle } from '../ui/frames';
export { Icon } from '../ui/Icon';
export { parseBlocks } from '../ui/markdown/blocks';
export { inlineText } from '../ui/markdown/plain-text';
export { Markdown } from '../ui/markdown/render';
export { startsBurst } from '../ui/TranscriptItem/itemAttributes';
export { MessageItem } from '../ui/TranscriptItem/MessageItem';
