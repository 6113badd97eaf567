import { h } from 'preact';
import type { NoticeItem as NoticeData } from '../../store/state';
import type { Strings } from '../../strings/strings';
import { itemClass, itemTitle } from './itemAttributes';

/** A system notice (handoff steps, lost session…), in the visitor's language. */
export function NoticeItem({ item, old, strings }: { item: NoticeData; old: boolean; strings: Strings }) {
  const { notice } = item;
  const { translate } = strings;
  // session-ended shows above the composer
  if (notice.code === 'session-ended') return null;
  const text = notice.code === 'system' ? notice.message : translate(notice.code, ('name' in notice && notice.name) || translate('agent'));
  return (
    <div
      class={itemClass(old, 'notice')}
      data-author="system"
      data-notice={notice.code}
      data-level={notice.code === 'system' ? notice.level : undefined}
      title={itemTitle(item.timestamp, strings)}
    >
      {text}
    </div>
  );
}
