// ESLint for the whole repository (npm run lint; npm test runs it first). Rules: typescript-eslint's
// recommended set, React's hook rules, no import cycles, and the layers of src/ (docs/decisions/code.md,
// "Enforced boundaries and lint"): app/ → routes → features → shared (lib/, components/); nothing imports
// app/ (the entries that compose the app); a feature reaches another only through that feature's
// index.ts; components/, lib/ and service-worker/ import no feature.
import { readdirSync } from 'node:fs';
import { fileURLToPath, URL } from 'node:url';
import js from '@eslint/js';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

const src = fileURLToPath(new URL('./src', import.meta.url));
const features = readdirSync(new URL('./src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
/** A feature's public entry, when it has one. */
const entryOf = (feature) =>
  readdirSync(new URL(`./src/features/${feature}`, import.meta.url)).find((name) => /^index\.tsx?$/.test(name));

const noFeature = 'Shared code imports no feature: move the shared part to src/lib or src/components, or pass it in from the route.';

export default tseslint.config(
  {
    ignores: [
      'node_modules/',
      'dist/',
      'test-results/',
      'playwright-report/',
      '.local/',
      // Generated (npm run typegen, the router plugin).
      'src/routeTree.gen.ts',
      'src/lib/database.types.ts',
      'src/lib/game/game-rules.gen.ts',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          alias: { '@': [src] },
          conditionNames: ['import', 'module', 'default', 'types'],
        }),
      ],
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // Hooks' dependencies are errors (npm run lint also fails on any warning), including the
      // deps given to src/lib/use-live-query.ts.
      'react-hooks/exhaustive-deps': ['error', { additionalHooks: '^useLiveQuery$' }],
      // Off (docs/decisions/code.md): the screens reset to 'loading' and
      // start their read in one effect; without the React Compiler the extra render costs nothing
      // a player sees, and rewriting each screen into keyed children changes no behaviour.
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // Tests poke at untyped wire formats and hostile inputs on purpose.
    files: ['tests/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'service-worker/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            // src/app composes the app (the browser's and the prerender's entries): nothing imports it.
            {
              target: ['./src/routes', './src/features', './src/components', './src/lib', './service-worker'],
              from: './src/app',
              message: 'src/app composes the app and nothing imports it: what a feature needs from it moves to src/lib (docs/decisions/code.md).',
            },
            // Nothing below the routes imports a route.
            { target: ['./src/features', './src/components', './src/lib', './service-worker'], from: './src/routes', message: 'Only the router imports routes.' },
            // Shared layers import no feature.
            { target: ['./src/components', './src/lib', './service-worker'], from: './src/features', message: noFeature },
            // lib/ is the bottom layer: no components either.
            { target: ['./src/lib', './service-worker'], from: './src/components', message: 'src/lib and the service worker import no component.' },
            // A feature reaches another only through its index.ts.
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [
                `./${feature}`,
                ...features.filter((other) => other !== feature && entryOf(other)).map((other) => `./${other}/${entryOf(other)}`),
              ],
              message: "Another feature is reached through its index.ts only (or the shared part moves to src/lib or src/components).",
            })),
          ],
        },
      ],
    },
  },
);
