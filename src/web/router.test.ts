import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BRAND } from '../domain/brand';
import { metaForPath, pageMetaTable, REDIRECTS } from '../domain/pages';
import { appRoutes } from './router';

/** Every page path the router draws, joined from its nested routes: not the catch-all, nor the redirects. */
function pagePaths(routes: RouteObject[], prefix = ''): string[] {
  const paths: string[] = [];
  for (const route of routes) {
    const path = route.index ? prefix || '/' : route.path ? `${prefix}/${route.path}`.replace(/\/+/g, '/') : prefix;
    if (route.path === '*' || REDIRECTS[path]) continue;
    if (route.index || (route.path && (route.Component || route.lazy || route.element))) paths.push(path || '/');
    if (route.children) paths.push(...pagePaths(route.children, path));
  }
  return [...new Set(paths)];
}

describe('every page of the router has its own title', () => {
  const paths = pagePaths(appRoutes());

  it('finds the pages, signed-in and back office among them', () => {
    expect(paths).toEqual(expect.arrayContaining(['/', '/dashboard', '/dashboard/payment', '/dashboard/transfer', '/admin/jobs']));
  });

  // docs/product/public-site.md#page-titles-and-meta: the server serves a listed path with 200 and its title; any other is 404 'Page Not Found'.
  it('lists each in the page table, so a reload answers 200 with the page’s title', () => {
    expect(paths.filter((path) => !metaForPath(path, DEFAULT_BRAND))).toEqual([]);
  });

  it('gives no two pages the same title', () => {
    const titles = Object.values(pageMetaTable(DEFAULT_BRAND)).map((meta) => meta.title);
    expect(titles.filter((title, i) => titles.indexOf(title) !== i)).toEqual([]);
  });
});
