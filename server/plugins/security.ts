import fp from 'fastify-plugin'
import helmet from '@fastify/helmet'

/**
 * Security headers. The CSP allows scripts from this origin only (no inline scripts); styles may be
 * inline because react-bootstrap and Monaco set style attributes. 'unsafe-eval' is needed while
 * ajv compiles form schemas in the browser at run time.
 */
export default fp(
  async (app, opts: { connectSources: string[] }) => {
    await app.register(helmet, {
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", "'unsafe-eval'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          fontSrc: ["'self'", 'data:'],
          workerSrc: ["'self'", 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", ...opts.connectSources],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: false,
    })
  },
  { name: 'security' },
)
