import { h } from 'preact';
import type { QueueInfo } from '../store/state';
import type { Strings } from '../strings/strings';

/** Position and estimated wait while waiting for a person (data-queue). */
export function QueueStatus({ queue, strings }: { queue: QueueInfo; strings: Strings }) {
  const { translate } = strings;
  const position = queue.positionInQueue;
  const waitSeconds = queue.estimatedWaitSeconds;
  if (position === undefined && waitSeconds === undefined) return null;
  return (
    <div class="queue-status" data-queue="">
      {position !== undefined && <div>{translate('queuePosition', position)}</div>}
      {waitSeconds !== undefined && (
        <div>{waitSeconds < 60 ? translate('queueWaitUnderAMinute') : translate('queueWaitMinutes', Math.round(waitSeconds / 60))}</div>
      )}
    </div>
  );
}
