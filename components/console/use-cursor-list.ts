'use client';
// A list of the public API (`{ list, limit, next_cursor? }`, newest first) read page by page with its
// opaque cursor; `pollMs` keeps it fresh while something in it is still moving.
import { useInfiniteQuery } from '@tanstack/react-query';
import { consoleApi } from '@/lib/console/api';
import type { Page } from '@/lib/console/types';

export function useCursorList<T>(
  key: readonly unknown[],
  path: string,
  options: { pollMs?: (items: T[]) => number | false } = {},
) {
  const query = useInfiniteQuery({
    queryKey: key,
    queryFn: ({ pageParam }) => {
      const url = new URL(path, 'http://console');
      if (pageParam) url.searchParams.set('cursor', pageParam);
      return consoleApi<Page<T>>('GET', `${url.pathname}${url.search}`);
    },
    initialPageParam: '',
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: (current) =>
      options.pollMs?.(current.state.data?.pages.flatMap((page) => page.list) ?? []) ?? false,
  });
  return { ...query, items: query.data?.pages.flatMap((page) => page.list) ?? [] };
}
