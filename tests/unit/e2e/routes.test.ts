// The browser test that visits every route (tests/e2e/every-route.spec.ts) takes its list from the menu and the
// other route definitions; this holds it to the route table itself: every path App.tsx routes must be reached by
// one of the routes the test visits, so a route added outside the menu cannot go unvisited.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { publicRoutes, signedInRoutes } from '../../e2e/support/routes';
import * as routes from '../../../src/routes';

const APP = readFileSync(path.resolve(import.meta.dirname, '../../../src/App.tsx'), 'utf8');

/** A `path={...}` expression of App.tsx (`paths.browse`, `paths.reporting(':reportingType')`), evaluated against src/routes.ts. */
function evaluate(expression: string): string {
  const value: unknown = new Function(...Object.keys(routes), `return ${expression};`)(...Object.values(routes));
  if (typeof value !== 'string') throw new Error(`App.tsx route path ${expression} is not a string`);
  return value;
}

/** The paths of App.tsx's <Route> elements, those inside a <Resource> under its name (a literal or from src/routes.ts). */
function routedPaths(source: string): string[] {
  const paths: string[] = [];
  let prefix = '';
  for (const match of source.matchAll(/<Resource\s+name=(?:"([^"]+)"|\{([^}]+)\})|<\/Resource>|<Route\s+(index\b|path="([^"]*)"|path=\{(`[^`]*`|[^}]+)\})/g)) {
    const [, resourceLiteral, resourceExpression, kind, literal, expression] = match;
    const resource = resourceLiteral ?? (resourceExpression === undefined ? undefined : evaluate(resourceExpression));
    const routePath = literal ?? (expression === undefined ? undefined : evaluate(expression));
    if (resource !== undefined) prefix = `/${resource}`;
    else if (match[0] === '</Resource>') prefix = '';
    else if (kind === 'index') paths.push(prefix);
    // A Resource's '*' serves everything below its name (the global blocks' screen and its modal routes).
    else if (routePath === '*') {
      if (prefix) paths.push(`${prefix}/*`);
    } else if (routePath !== undefined) paths.push(routePath.startsWith('/') ? routePath : `${prefix}/${routePath}`);
  }
  return paths;
}

/** '/zones/edit/:zoneId/*' as a pattern of the addresses it serves. */
function pattern(routePath: string): RegExp {
  const body = routePath
    .replace(/\/\*$/, '')
    .split('/')
    .map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${body}${routePath.endsWith('/*') ? '(/.*)?' : ''}$`);
}

describe('the routes the every-route browser test visits', () => {
  const visited = [...signedInRoutes(1001), ...publicRoutes()].map((route) => route.split('?')[0] ?? route);

  it('are read from App.tsx (the parser finds its routes)', () => {
    expect(routedPaths(APP)).toEqual(
      expect.arrayContaining(['/login', '/zones', '/zones/new', '/zones/edit/:zoneId/*', '/home/:reportingType', '/payments/previous', '/alerts/:alertId', '/global-advertiser-blocks/*']),
    );
  });

  it('reach every path App.tsx routes', () => {
    const unvisited = routedPaths(APP).filter((routePath) => !visited.some((route) => pattern(routePath).test(route)));
    expect(unvisited).toEqual([]);
  });
});
