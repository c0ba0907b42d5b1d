import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The screens whose words are all in the catalogues (the lint rule below keeps them so). */
const TRANSLATED_AREAS = [
  'web/src/i18n/**/*.tsx',
  'web/src/components/landing/LandingFooter.tsx',
  'web/src/pages/admin/**/*.tsx',
  'web/src/features/admin/**/*.tsx',
  'web/src/pages/maintenance/**/*.tsx',
  'web/src/pages/mailbox/**/*.tsx',
  'web/src/pages/moment/**/*.tsx',
  'web/src/pages/moment-history/**/*.tsx',
  'web/src/pages/general/**/*.tsx',
  'web/src/pages/account/**/*.tsx',
  'web/src/pages/payment/**/*.tsx',
  'web/src/pages/nfc/**/*.tsx',
  'web/src/pages/exchange/**/*.tsx',
  'web/src/pages/help/**/*.tsx',
  'web/src/pages/contact/**/*.tsx',
  'web/src/pages/legal/**/*.tsx',
  'web/src/pages/NotFoundPage.tsx',
  'web/src/pages/onboarding/**/*.{ts,tsx}',
  'web/src/pages/welcome/**/*.{ts,tsx}',
  'web/src/features/welcome/**/*.{ts,tsx}',
  'web/src/pages/settings/**/*.{ts,tsx}',
  'web/src/features/profile/**/*.{ts,tsx}',
  'web/src/components/editors/**/*.{ts,tsx}',
  'web/src/features/images/**/*.{ts,tsx}',
  'web/src/features/speech/**/*.{ts,tsx}',
  'web/src/pages/search/**/*.{ts,tsx}',
  'web/src/features/{search,connections,likes,weekly-introductions,moderation,chat,streak}/**/*.{ts,tsx}',
  'web/src/pages/LandingPage.tsx',
  'web/src/components/landing/**/*.tsx',
  'web/src/pages/auth/**/*.tsx',
  'web/src/features/auth/**/*.tsx',
  'web/src/components/MemberPage.tsx',
  'web/src/components/HomeLink.tsx',
  'web/src/components/SessionPending.tsx',
  'web/src/components/SignOutRow.tsx',
];

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
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Issue 27: words a member reads come from the catalogues (content/i18n/app), never from JSX.
    // Text between tags, and the props a member reads or hears, are checked; code-like strings
    // (routes, variants, colours) are not. Areas join the list as they are translated.
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
