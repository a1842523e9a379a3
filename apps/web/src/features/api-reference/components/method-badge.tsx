import { Badge } from '@mantine/core';
import type { HttpMethod } from '../lib/openapi-types.ts';

// The colour repeats what the text says: reading (blue), creating (green), changing (orange), removing (red).
const COLORS: Record<HttpMethod, string> = {
  get: 'blue',
  post: 'green',
  put: 'orange',
  patch: 'orange',
  delete: 'red',
  head: 'gray',
  options: 'gray',
  trace: 'gray',
};

export function MethodBadge({ method, size = 'md' }: { method: HttpMethod; size?: 'xs' | 'md' }) {
  return (
    <Badge color={COLORS[method]} variant="light" size={size} radius="sm" miw={size === 'xs' ? 44 : 64}>
      {method.toUpperCase()}
    </Badge>
  );
}
