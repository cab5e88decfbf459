// ESLint flat config (`npm run lint`): ESLint's and typescript-eslint's recommended rules, a few
// type-aware rules that catch real bugs in async code (floating and misused promises), and rules on
// the disable comments themselves: each must name a rule, say why after `--`, and still be needed.
// eslint-config-prettier comes last so that no lint rule argues with the formatter (Prettier owns
// layout: see .prettierrc.json).
import js from '@eslint/js';
import comments from '@eslint-community/eslint-plugin-eslint-comments/configs';
import prettier from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'coverage/', 'test-artifacts/', 'node_modules/', 'templates/', 'test/runtime/python/'] },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  comments.recommended,
  {
    rules: {
      '@eslint-community/eslint-comments/require-description': ['error', { ignore: ['eslint-enable'] }],
      '@eslint-community/eslint-comments/no-use': ['error', { allow: ['eslint-disable-next-line', 'eslint-disable-line'] }],
    },
  },
  {
    files: ['**/*.ts'],
    languageOptions: {
      // Type information from tsconfig.json (which covers every .ts file linted here).
      parserOptions: { project: './tsconfig.json', tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      // `_name` marks a parameter a signature requires but the body does not use.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // Every output path goes through the sinks: nothing in cli/ or generators/ writes to the
    // process's streams itself (test/output-sinks.test.ts checks the same on the sources).
    files: ['cli/**/*.ts', 'generators/**/*.ts'],
    // The sink module: the one place that writes to process.stdout and process.stderr, after the
    // redaction and the terminal rule (terminalText), for everything the CLI and the generator print.
    // cli/entry.ts: its fast answers (the version, the build's `init --list-options` JSON) are this
    // program's own text, and it must load nothing more than itself (test/bundle.test.ts).
    ignores: ['generators/app/output/sinks.ts', 'cli/entry.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "MemberExpression[object.type='MemberExpression'][object.object.name='process'][object.property.name=/^(stdout|stderr)$/][property.name='write']",
          message:
            'Write through the sinks (generators/app/output/sinks.ts: writeStdout, writeStderr, or an io.out/io.err made of them): they redact secrets and make control characters visible. Put values from outside into the line with visibleField/visibleLines first.',
        },
        {
          selector: "MemberExpression[object.name='console']",
          message:
            'No console.* in cli/ or generators/: write through the sinks (generators/app/output/sinks.ts), which redact secrets and make control characters visible.',
        },
      ],
    },
  },
  {
    // Plain JavaScript: this file, the Jest reporter (Node) and the e2e tier's browser fixture.
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: { globals: { process: 'readonly', window: 'readonly' } },
  },
  prettier,
);
