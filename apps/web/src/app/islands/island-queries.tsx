import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

export { createQueryClient } from '#web/lib/query/query-client.ts';

/** The query client of an island that reads data: its own, so its first render reads what the prerender read. */
export function IslandQueries({ children, client }: { children: ReactNode; client: QueryClient }) {
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
