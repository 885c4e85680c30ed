import type { TestProject } from 'vitest/node'
import { startServer } from '../support/e2e'

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string
  }
}

/** One real server with a fresh data dir (and demo data) for the whole E2E run. */
export default async function setup(project: TestProject) {
  // Every E2E file signs in many times from one address; the login rate limit is tested in the API suite.
  const server = await startServer({ LOGIN_RATE_LIMIT: '10000' })
  project.provide('baseUrl', server.url)
  return async () => {
    await server.stop()
  }
}
