import type { CreatorRow } from '@dso/contract';
import { Tag } from 'antd';

/**
 * A creator's field and follower-size class as the two tags every creator listing shows, so the
 * list, the detail head and the favourites colour them alike; callers add their own tags after.
 */
export function CreatorClassTags({ creator }: { creator: Pick<CreatorRow, 'field' | 'size_class'> }) {
  return (
    <>
      {creator.field && (
        <Tag variant="filled" color="blue">
          {creator.field}
        </Tag>
      )}
      <Tag variant="filled" color="purple" data-testid="creator-size-class">
        {creator.size_class.label}
      </Tag>
    </>
  );
}
