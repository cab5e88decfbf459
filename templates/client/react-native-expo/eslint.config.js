// Expo's recommended rules (React, React hooks, imports, TypeScript), as `npx expo lint` sets them up.
const { defineConfig, globalIgnores } = require('eslint/config');
const expoConfig = require('eslint-config-expo/flat');

module.exports = defineConfig([globalIgnores(['android/*', 'ios/*', '.expo/*', 'dist/*']), expoConfig]);
