import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** Imports that would give packages/domain I/O or a framework: it must stay pure. */
const DOMAIN_FORBIDDEN = [
  {
    group: ['node:*', 'fs', 'path', 'http', 'https', 'net', 'child_process', 'os', 'crypto'],
    message: 'packages/domain is pure: no I/O.',
  },
  {
    group: [
      'react',
      'react-*',
      'fastify',
      'fastify-*',
      '@fastify/*',
      '@mikro-orm/*',
      'pg',
      'mqtt',
      'aedes',
      'antd-mobile',
      'zustand',
      'openapi-fetch',
    ],
    message: 'packages/domain is pure: no framework or I/O library.',
  },
  { group: ['@glucoguard/*', '../../*'], message: 'packages/domain depends on nothing of ours.' },
];

/** Packages never import from apps. */
const NO_APPS = {
  group: ['**/apps/**', '@glucoguard/api', '@glucoguard/web', '@glucoguard/device-gateway'],
  message: 'packages never import from apps.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/coverage/**',
      'test-results/**',
      '.data/**',
      'packages/sdk/src/generated/**',
      'apps/api/src/migrations/Migration*.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      curly: 'error',
      eqeqeq: ['error', 'always'],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // Route handlers are async by contract even when they have nothing to await.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['packages/ui/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [NO_APPS] }] },
  },
  {
    files: ['packages/domain/src/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...DOMAIN_FORBIDDEN, NO_APPS] }] },
  },
  // The domain's folders depend one way (docs/adr/0025-domain-by-subdomain.md): shared on no other
  // folder, glucose on shared only; every other folder may use these two.
  {
    files: ['packages/domain/src/shared/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DOMAIN_FORBIDDEN,
            NO_APPS,
            { group: ['../*'], message: 'domain/shared depends on no other folder of the domain.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/domain/src/glucose/**/*.ts'],
    ignores: ['packages/domain/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DOMAIN_FORBIDDEN,
            NO_APPS,
            { group: ['../*', '!../shared'], message: 'domain/glucose depends on domain/shared only.' },
          ],
        },
      ],
    },
  },
  {
    files: ['packages/sdk/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['@glucoguard/*', 'node:*', 'react'], message: 'packages/sdk depends only on openapi-fetch.' },
            NO_APPS,
          ],
        },
      ],
    },
  },
  // Ingestion is shared by the API and the gateway, and pure of the API (docs/adr/0020-an-ingestion-package.md).
  {
    files: ['packages/ingestion/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@mikro-orm/*', 'kysely', 'pg', 'fastify', 'fastify-*', '@fastify/*', 'aedes', 'mqtt'],
              message: 'packages/ingestion has no database, server or broker: the API and the gateway bring those.',
            },
            NO_APPS,
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'apps/console/src/**/*.{ts,tsx}', 'packages/ui/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
