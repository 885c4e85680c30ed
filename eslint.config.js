// One lint config for the whole project. The import rules below enforce DESIGN.md §3:
//   schemas ← runtime ← designer ← src, and server → schemas only. Nothing imports src, server or tests.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import { builtinModules } from 'node:module'
import importX from 'eslint-plugin-import-x'

/** Relative imports that climb into one of the named top-level folders. */
const into = (...dirs) => `^(\\.\\.?/)+(.*/)?(${dirs.join('|')})(/|$)`
/** Every Node built-in, with or without `node:` (module.builtinModules, not a hand-kept list). */
const NODE_BUILTINS = `^(node:|(${builtinModules.map((m) => m.replace('/', '\\/')).join('|')})(/|$))`
const BROWSER_PACKAGES =
  '^(react|react-dom|react-bootstrap|@rjsf/|@dnd-kit/|@monaco-editor/|monaco-editor|jotai|react-router|@tanstack/|@zxing/|qrcode\\.react)'

const restrict = (patterns) => [
  'error',
  { patterns: patterns.map(([regex, message]) => ({ regex, message })) },
]

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'data', 'outbox', 'coverage', 'server/db/migrations', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['schemas/**'],
    rules: {
      'no-restricted-imports': restrict([
        [
          into('runtime', 'designer', 'src', 'server', 'tests'),
          'schemas/ is pure data: it imports nothing of the app.',
        ],
        [NODE_BUILTINS, 'schemas/ runs in the browser and on the server: no Node built-ins.'],
        [BROWSER_PACKAGES, 'schemas/ is pure data: no UI packages.'],
      ]),
    },
  },
  {
    files: ['runtime/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': restrict([
        [into('designer', 'src', 'server', 'tests'), 'runtime/ imports schemas/ only.'],
        [NODE_BUILTINS, 'runtime/ runs in the browser: no Node built-ins.'],
      ]),
    },
  },
  {
    files: ['designer/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': restrict([
        [into('src', 'server', 'tests'), 'designer/ imports schemas/ and runtime/ only.'],
        [NODE_BUILTINS, 'designer/ runs in the browser: no Node built-ins.'],
      ]),
    },
  },
  {
    files: ['src/**'],
    languageOptions: { globals: globals.browser },
    rules: {
      'no-restricted-imports': restrict([
        [into('server', 'tests'), 'src/ never imports the server or tests.'],
        [NODE_BUILTINS, 'src/ runs in the browser: no Node built-ins.'],
      ]),
    },
  },
  {
    files: ['server/**'],
    languageOptions: { globals: globals.node },
    rules: {
      'no-restricted-imports': restrict([
        [into('runtime', 'designer', 'src', 'tests'), 'server/ imports schemas/ only.'],
        [BROWSER_PACKAGES, 'server/ must not pull browser packages.'],
      ]),
    },
  },
  {
    files: [
      'runtime/**/*.tsx',
      'designer/**/*.tsx',
      'src/**/*.tsx',
      'runtime/**/*.ts',
      'designer/**/*.ts',
      'src/**/*.ts',
    ],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  // Pure cores (issue #13.7): the designer's document model and commands, the layout compiler and the
  // schemas (the judge among them) are testable without a DOM, so they use neither React nor the browser.
  ...[
    ['designer/model/**', ['src', 'server', 'tests']],
    ['runtime/compiler/**', ['designer', 'src', 'server', 'tests']],
  ].map(([folder, above]) => ({
    files: [folder],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: into(...above), message: 'A pure core imports the layers below it only.' },
            {
              regex: NODE_BUILTINS,
              message: 'A pure core runs in the browser and on the server: no Node built-ins.',
            },
            {
              regex: BROWSER_PACKAGES,
              allowTypeImports: true,
              message: 'A pure core has no UI: no React or other browser packages (their types only).',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['designer/model/**', 'runtime/compiler/**', 'schemas/**'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location'].map((name) => ({
          name,
          message: 'A pure core has no DOM: take what it needs as an argument.',
        })),
      ],
    },
  },
  // Feature boundaries (issue #13.7): a screen's folder under src/pages uses its own files and the shared
  // layers (src/api, src/components, runtime, schemas), never another screen's files.
  {
    files: ['src/pages/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        [
          '^\\.\\./(?!\\.\\.)[^/]+/',
          "A screen does not import another screen's files: move shared code to src/api or src/components.",
        ],
        [into('server', 'tests'), 'src/ never imports the server or tests.'],
        [NODE_BUILTINS, 'src/ runs in the browser: no Node built-ins.'],
      ]),
    },
  },
  {
    files: ['src/pages/*/*/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': restrict([
        [
          '^\\.\\./\\.\\./(?!\\.\\.)[^/]+/',
          "A screen does not import another screen's files: move shared code to src/api or src/components.",
        ],
        [into('server', 'tests'), 'src/ never imports the server or tests.'],
        [NODE_BUILTINS, 'src/ runs in the browser: no Node built-ins.'],
      ]),
    },
  },
  // Benchmarks and scripts measure and build the product; they never reach into the tests or the SPA.
  {
    files: ['bench/**'],
    ignores: ['bench/runtime-demo/**'],
    rules: {
      'no-restricted-imports': restrict([
        [into('tests', 'src', 'designer'), 'bench/ does not import tests/, src/ or designer/.'],
      ]),
    },
  },
  {
    files: ['bench/runtime-demo/**'],
    rules: {
      'no-restricted-imports': restrict([
        [into('tests', 'src', 'server'), 'The runtime demo is the runtime alone.'],
      ]),
    },
  },
  {
    files: ['scripts/**'],
    rules: {
      'no-restricted-imports': restrict([
        [into('tests', 'src', 'designer', 'bench'), 'scripts/ build and run the product only.'],
      ]),
    },
  },
  // No import cycles anywhere (type-only imports included: a cycle of types is still a tangle).
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['tests/**', 'scripts/**', '*.config.*', '*.js', '*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
)
