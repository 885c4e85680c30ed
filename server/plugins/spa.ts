import fs from 'node:fs'
import path from 'node:path'
import fp from 'fastify-plugin'
import fastifyStatic from '@fastify/static'

/**
 * Serves the built SPA from `distDir` with history fallback: a GET outside /svc that matches no file
 * and has no file extension answers index.html, so deep links like /Suppliers/12 load the app.
 * Everything else that matches no route is a JSON 404.
 */
export default fp(
  async (app, opts: { distDir: string }) => {
    const hasSpa = fs.existsSync(path.join(opts.distDir, 'index.html'))
    if (hasSpa) {
      await app.register(fastifyStatic, {
        root: opts.distDir,
        // '/' is the address the README prints (SPEC §6: an empty first segment is always allowed).
        index: 'index.html',
        // Hashed assets never change; everything else must be revalidated.
        setHeaders: (res, filePath) => {
          const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
          res.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        },
      })
    }
    app.setNotFoundHandler((request, reply) => {
      const file = request.url.split('?')[0]
      const isPage = request.method === 'GET' && !file.startsWith('/svc/') && !path.extname(file)
      if (hasSpa && isPage) {
        reply.header('Cache-Control', 'no-cache')
        return reply.sendFile('index.html')
      }
      return reply.status(404).send({ message: `Route ${request.method} ${file} not found` })
    })
  },
  { name: 'spa' },
)
