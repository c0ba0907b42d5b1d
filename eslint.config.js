import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Every screen: its words are all in the catalogues (the lint rule below keeps them so). */
const TRANSLATED_AREAS = ['web/src/**/*.tsx'];

export default tseslint.config(
  { ignores: ['dist/', 'web/dist/', 'data/', 'node_modules/', 'coverage/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules that catch real bugs: a promise nobody awaits (its rejection is lost), a
    // promise where a callback's result is ignored (an async Express handler or event listener),
    // a switch over a union that forgets a member. Deliberate fire-and-forget says `void`.
    files: ['**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
    },
  },
  {
    // The server and the contract hand no `any` on: a value of unknown shape is parsed (zod at the
    // edge) or narrowed before it is used, so the types that follow it are true.
    files: ['server/src/**/*.ts', 'contract/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'error',
      '@typescript-eslint/no-unsafe-assignment': 'error',
      '@typescript-eslint/no-unsafe-call': 'error',
      '@typescript-eslint/no-unsafe-member-access': 'error',
      '@typescript-eslint/no-unsafe-return': 'error',
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Issue 27: words a member reads come from the catalogues (content/i18n/app), never from JSX.
    // Text between tags, and the props a member reads or hears, are checked; code-like strings
    // (routes, variants, colours) are not. It holds for every screen: a new one is translated from its first line.
    files: TRANSLATED_AREAS,
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['label', 'placeholder', 'title', 'alt', 'aria-label', 'aria-description', 'description', 'error', 'message', 'confirmLabel', 'cancelLabel', 'emptyMessage', 'nothingFoundMessage', 'tooltip', 'subtitle'] },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·•—–…✓×]+', '[A-Z_-]+'] },
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', 'server/test/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest } },
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
