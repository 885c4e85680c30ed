import { defineConfig } from 'vitest/config'
import { precompiledValidators } from './scripts/vite-precompiled-validators.js'

// Three projects: unit (jsdom, next to the code and tests/unit), api (fastify.inject on in-memory
// PGlite), e2e (Chromium through playwright-core against the real server).
export default defineConfig({
  test: {
    projects: [
      {
        // The browser's precompiled validators (schemas/validation), as `vite build` makes them.
        plugins: [precompiledValidators()],
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: [
            'schemas/**/*.test.ts',
            'runtime/**/*.test.{ts,tsx}',
            'designer/**/*.test.{ts,tsx}',
            'src/**/*.test.{ts,tsx}',
            'tests/unit/**/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/unit/setup.ts'],
          // @rjsf/react-bootstrap imports 'react-bootstrap/Form' as a directory, which Node's ESM
          // loader refuses; inlined, vite resolves it as the browser build does.
          server: { deps: { inline: [/@rjsf\/react-bootstrap/] } },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['tests/api/**/*.test.ts', 'server/**/*.test.ts'],
          globalSetup: ['tests/api/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['tests/e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
    ],
  },
})
