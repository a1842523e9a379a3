import { z } from 'zod';
import { AppError } from '../../lib/app-error.ts';

/** Where a page of activity ends: the last entry's time and id (the keyset the list is ordered by). */
export type ActivityCursor = { occurredAt: Date; id: string };

const idSchema = z.uuid();
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** Opaque to clients: base64url of `<time>|<id>`. */
export function encodeActivityCursor(cursor: ActivityCursor): string {
  return Buffer.from(`${cursor.occurredAt.toISOString()}|${cursor.id}`).toString('base64url');
}

/** The cursor a page handed out; anything else is 400 `ActivityCursorInvalid`. */
export function decodeActivityCursor(text: string): ActivityCursor {
  const [time, id, ...rest] = Buffer.from(text, 'base64url').toString('utf8').split('|');
  const occurredAt = new Date(time ?? '');
  if (
    rest.length > 0 ||
    !ISO_MS.test(time ?? '') ||
    Number.isNaN(occurredAt.getTime()) ||
    !idSchema.safeParse(id).success ||
    encodeActivityCursor({ occurredAt, id: id as string }) !== text
  ) {
    throw new AppError('ActivityCursorInvalid');
  }
  return { occurredAt, id: id as string };
}
