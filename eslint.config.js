// Flat ESLint config. Package boundaries are enforced here:
// web and judge-runner must never import services.
import tseslint from 'typescript-eslint';

const noServices = {
  patterns: [
    {
      group: ['@oj/services', '@oj/services/*', '**/services/src/**'],
      message: 'This package must not import services.',
    },
  ],
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', '**/data/**', '**/.turbo/**', 'artifacts/**', '**/*.d.ts'],
  },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noServices.patterns,
            {
              group: ['@oj/protocol/bus', '@oj/protocol/bus/*', '@oj/judge-runner', '@oj/judge-runner/*'],
              message: 'web only uses the browser-safe protocol.',
            },
          ],
        },
      ],
    },
  },
  { files: ['judge-runner/**/*.ts'], rules: { 'no-restricted-imports': ['error', noServices] } },
  {
    // platform/ is what every capability stands on: it never reaches up into one (db/schema.ts
    // may gather the capabilities' table types).
    files: ['services/src/platform/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^\\.\\./(\\.\\./)?(account|site|problem|judge|contest|training|discussion|message|group|admin|file|gateway|compose|serve|seed)(?!/tables$)(/.*)?$',
              message: 'platform/ must not import a capability or the composition root.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['protocol/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...noServices.patterns,
            {
              group: ['@oj/judge-runner', '@oj/judge-runner/*', '@oj/web'],
              message: 'protocol depends on nothing of ours.',
            },
          ],
        },
      ],
    },
  },
  {
    // The SDK is for outside users: its client and example stand alone (only scripts/ and the
    // tests compose the platform, to build and check the OpenAPI document).
    files: ['sdk/src/**/*.ts', 'sdk/examples/**/*.ts'],
    ignores: ['sdk/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@oj/*', '**/services/**', '**/protocol/**', '**/web/**', '**/judge-runner/**'],
              message: 'The SDK imports nothing of ours: it ships on its own.',
            },
          ],
        },
      ],
    },
  },
);
