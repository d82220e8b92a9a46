import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import importPlugin from 'eslint-plugin-import';
import globals from 'globals';
import localRules from './eslint-rules/no-import-cycle.mjs';

const folders = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

// The public pages share one kit (custom-pages/public: frame, form controls, navigation), whose router opens them.
const PUBLIC_PAGES = ['login', 'forgot', 'reset', 'external-login', 'unsubscribe', 'invitation'];
const kinOf = (page) => (page === 'public' ? PUBLIC_PAGES : PUBLIC_PAGES.includes(page) ? ['public'] : []);

/**
 * Import boundaries (the team guide's ../shared/guide/ARCHITECTURE.md, point 14; README "How it fits together").
 * The console reads top-down, each layer importing only those below it:
 *
 *   App -> layout (the shell) -> features (resources/<name>, custom-pages/<page>) -> components -> notices
 *       -> dataProvider -> i18n, config -> lib          (routes.ts, the paths, is read by every layer above lib)
 *
 * A feature imports another feature only through its index.ts; the public pages share one kit (custom-pages/public).
 * src/lib stays pure rules; the server takes from src only src/lib and routes.ts (the console's paths, for the links
 * in its e-mails; it imports only src/lib) (both sides read the generated contract types from openapi/portal.d.ts).
 */
const FEATURES = [...folders('src/resources').map((name) => `resources/${name}`), ...folders('src/custom-pages').map((name) => `custom-pages/${name}`)];
const kinFolders = (feature) => (feature.startsWith('custom-pages/') ? kinOf(feature.slice('custom-pages/'.length)).map((kin) => `custom-pages/${kin}`) : []);
const below = (layer, above, message) => ({ target: `./src/${layer}`, from: above.map((folder) => `./src/${folder}`), message });
const boundaries = [
  ...FEATURES.flatMap((feature) =>
    FEATURES.filter((other) => other !== feature && !kinFolders(feature).includes(other)).map((other) => ({
      target: `./src/${feature}`,
      from: `./src/${other}`,
      except: ['./index.ts'],
      message: `A feature imports another only through its index.ts (src/${other}/index.ts).`,
    })),
  ),
  below('layout', ['App.tsx', 'main.tsx'], 'The layout is the shell: App mounts it, nothing below imports App.'),
  below('resources', ['layout', 'App.tsx'], 'Features sit below the shell: they never import the layout.'),
  below('custom-pages', ['layout', 'App.tsx'], 'Features sit below the shell: they never import the layout.'),
  below('components', ['resources', 'custom-pages', 'layout', 'App.tsx'], 'Shared UI is imported by features and the shell, never the other way round.'),
  below('notices', ['components', 'resources', 'custom-pages', 'layout', 'App.tsx'], 'Notices sit below the UI that shows them.'),
  below('dataProvider', ['notices', 'components', 'resources', 'custom-pages', 'layout', 'App.tsx'], 'The data layer imports no UI.'),
  below('routes.ts', ['dataProvider', 'notices', 'components', 'resources', 'custom-pages', 'layout', 'i18n', 'config', 'App.tsx'], 'The route paths import only src/lib.'),
  {
    target: './src/lib',
    from: './src',
    except: ['./lib'],
    message: 'src/lib holds pure rules shared with the server: it imports nothing else of the console.',
  },
  {
    target: './server',
    from: './src',
    except: ['./lib', './routes.ts'],
    message: 'The server may import the pure rules of src/lib and the console paths of src/routes.ts, nothing else of the console (the contract types are openapi/portal.d.ts).',
  },
];

const REACT_PACKAGES = ['react', 'react-dom', 'react-admin', 'ra-core', '@tanstack/*', '@mui/*', '@emotion/*', 'react-router', 'react-router-dom'];

export default tseslint.config(
  { ignores: ['dist', 'dist-server', 'node_modules', '.data*', 'coverage', 'openapi/portal.d.ts', 'openapi/portal.rules.ts', 'server/src/db/seed/data/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/component/**/*.{ts,tsx}', 'tests/support/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The unit and component test files of a worker share one module graph (vitest.config.ts, isolate: false): a
    // module mocked in one file would stay mocked in the next. Network goes through MSW, time through fake timers.
    files: ['tests/unit/**/*.ts', 'tests/component/**/*.{ts,tsx}', 'tests/support/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock'].map((property) => ({ object: 'vi', property, message: 'Unit and component test files share one module graph: use MSW or a prop, not a module mock.' })),
      ],
    },
  },
  { files: ['src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    plugins: { import: importPlugin },
    settings: {
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      // Packages are not read: the rules here are about this project's own files.
      'import/ignore': ['node_modules'],
    },
    rules: { 'import/no-restricted-paths': ['error', { zones: boundaries }] },
  },
  // No import cycle anywhere: console, server, tests and benchmarks, type-only imports included (import/no-cycle
  // skips those, with no option to count them; the rule and its test: eslint-rules/).
  {
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'tests/**/*.{ts,tsx}', 'bench/**/*.ts'],
    plugins: { local: localRules },
    rules: { 'local/no-import-cycle': 'error' },
  },
  {
    files: ['src/lib/**/*.ts', 'server/**/*.ts'],
    // The one exception: the stand-in dashboards' charts, rendered to static SVG with @mui/x-charts on the server.
    ignores: ['server/src/routes/reporting/frames/charts.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { patterns: [{ group: REACT_PACKAGES, message: 'Pure rules and the server use no React, react-admin or UI code.' }] },
      ],
    },
  },
  {
    // Screens read records through react-admin's hooks and custom methods through useCustomQuery (README 'Reading
    // data'): react-query's useQuery appears once, in the data layer.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/dataProvider/**', 'src/lib/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        { paths: [{ name: '@tanstack/react-query', importNames: ['useQuery', 'useQueries', 'useInfiniteQuery'], message: 'Read records with react-admin hooks, custom methods with useCustomQuery (src/dataProvider).' }] },
      ],
    },
  },
);
