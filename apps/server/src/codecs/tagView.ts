import { tagColors, type Tag, type TagColor } from '@facet/contracts';
import type { TagRecord } from '../repositories/tags.ts';

/** A stored tag as the calls answer it; a colour this version does not know reads as blue. */
export function toTag(record: TagRecord): Tag {
  return { id: record.id, name: record.name, color: (tagColors as readonly string[]).includes(record.color) ? (record.color as TagColor) : 'blue' };
}
