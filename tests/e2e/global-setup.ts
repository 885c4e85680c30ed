import type { TestProject } from 'vitest/node'
import { startServer } from '../support/e2e'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** One real server with a fresh data dir (and demo data) for the whole E2E run. */
export default async function setup(project: TestProject) {
  const server = await startServer()
  project.provide('baseUrl', server.url)
  return async () => {
    await server.stop()
  }
}
