// The error a transport reports for a code it knows, with the host page's words for it.

import type { ErrorCode, WebchatError } from '../store/state';
import { HOST_ERROR_TEXTS } from '../strings/strings';

export type KnownCode = keyof typeof HOST_ERROR_TEXTS & ErrorCode;

export const plainError = (code: KnownCode): WebchatError => ({ code, message: HOST_ERROR_TEXTS[code] });
