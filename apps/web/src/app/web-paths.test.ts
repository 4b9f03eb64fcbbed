import { WEB_APP_PATHS } from '@agentroom/shared/contract';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { appRoutes } from './routes';

/** Every page path of a route table, nested paths joined, layout-only and catch-all routes left out. */
function pagePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path === '*') return [];
    const own = route.path === undefined ? parent : route.path.startsWith('/') ? route.path : `${parent.replace(/\/$/, '')}/${route.path}`;
    const here = route.index || (route.path !== undefined && (route.element !== undefined || route.lazy !== undefined)) ? [own || '/'] : [];
    return [...here, ...pagePaths(route.children ?? [], own)];
  });
}

describe('the server knows the pages of the app', () => {
  it('WEB_APP_PATHS (which the API and nginx answer with 200) lists exactly the pages of routes.tsx', () => {
    expect(new Set(pagePaths(appRoutes(new QueryClient())))).toEqual(new Set(WEB_APP_PATHS));
  });
});
