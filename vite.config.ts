import { defineConfig } from 'vite'
import react from '@vitejs/plugin-react'
import { precompiledValidators } from './scripts/vite-precompiled-validators.js'
import { monacoJsonOnly } from './scripts/vite-monaco-json-only.js'

// The SPA. During `npm run dev` Vite proxies the server's routes so the browser sees one origin.
const server = `http://127.0.0.1:${process.env.PORT ?? 8080}`

export default defineConfig({
  // Static JSON Schemas become ajv standalone code at build time: the CSP has no 'unsafe-eval'.
  // Monaco ships the JSON language and the contributions the JSON view uses only (issue #17).
  plugins: [react(), precompiledValidators(), monacoJsonOnly()],
  build: {
    outDir: 'dist',
    sourcemap: true,
    // The manifest lets scripts/chunk-report.mjs follow the login/home route's imports.
    manifest: true,
    chunkSizeWarningLimit: 4000,
  },
  server: {
    port: 5173,
    proxy: {
      '/svc': server,
      '/config.json': server,
    },
  },
})
