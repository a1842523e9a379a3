import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseHistoryFile } from '../src/modules/quotes/sources/history-file.ts';
import { HISTORY_PATH, serializeHistory } from './build-quotes-history.ts';

describe('the history file as the script writes it', () => {
  it('is exactly what the serializer produces for its own content: one line per day', () => {
    const text = readFileSync(HISTORY_PATH, 'utf8');
    const history = parseHistoryFile(JSON.parse(text));
    expect(serializeHistory(history)).toBe(text);
    expect(text.split('\n').length).toBe(history.days.length + 3);
  });
});
