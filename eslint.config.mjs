// @ts-check
import eslint from '@eslint/js';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', '.data/', '.artifacts/', 'jest.config.js'] },
  eslint.configs.recommended,
  ...tseslint.configs.recommended,
  prettier,
  {
    languageOptions: { parserOptions: { project: false } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'off',
      // Validators of hostile input match NUL and other control characters on purpose.
      'no-control-regex': 'off',
    },
  },
  { files: ['src/**/*.ts'], rules: { 'no-console': 'error' } },
  {
    files: ['src/**/domain/**/*.ts'],
    ignores: ['**/*.spec.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@nestjs/*', 'typeorm', 'class-validator', 'class-transformer', 'pg'],
              message: 'domain/ is plain TypeScript (STYLE rule 1)',
            },
          ],
        },
      ],
    },
  },
);
