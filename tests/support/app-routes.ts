// The route handlers Next serves from app/: each route.ts with its path template and exported methods.
import fs from 'node:fs';
import path from 'node:path';

export const APP_DIR = path.resolve(__dirname, '../../app');
export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

export interface AppRoute {
  file: string;
  /** `/silo/v1/entries/{id}`; undefined for a catch-all (the services' unknown-path 404s). */
  template: string | undefined;
}

export function appRoutes(dir = APP_DIR): AppRoute[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((item) => {
    const full = path.join(dir, item.name);
    if (item.isDirectory()) return appRoutes(full);
    return /^route\.(ts|js)$/.test(item.name)
      ? [{ file: full, template: pathTemplate(path.relative(APP_DIR, dir)) }]
      : [];
  });
}

/** Next's folder names as an OpenAPI path: `[id]` → `{id}`; route groups `(x)` and slots `@x` add nothing. */
export function pathTemplate(folder: string): string | undefined {
  const segments: string[] = [];
  for (const segment of folder.split(path.sep).filter(Boolean)) {
    if (/^\(.*\)$/.test(segment) || segment.startsWith('@') || segment.startsWith('_')) continue;
    if (/^\[\[?\.\.\./.test(segment)) return undefined;
    segments.push(segment.replace(/^\[(.+)\]$/, '{$1}'));
  }
  return `/${segments.join('/')}`;
}
