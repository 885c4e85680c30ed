// Prints the size of every built JS chunk (raw and gzip) and the initial JS of the login/home route,
// which DESIGN.md §8 budgets at 250 KB gzip. Run by `npm run build`.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dist = path.resolve('dist')
const index = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
const assets = path.join(dist, 'assets')
const gz = (file) => zlib.gzipSync(fs.readFileSync(file)).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

// Initial JS = the entry module plus every chunk it preloads (modulepreload links in index.html).
const initial = [...index.matchAll(/(?:src|href)="\/assets\/([^"]+\.js)"/g)].map((m) => m[1])
const rows = fs
  .readdirSync(assets)
  .filter((f) => f.endsWith('.js'))
  .map((f) => ({ f, raw: fs.statSync(path.join(assets, f)).size, gzip: gz(path.join(assets, f)) }))
  .sort((a, b) => b.gzip - a.gzip)

console.log('\nJS chunks (gzip / raw):')
for (const r of rows) console.log(`  ${initial.includes(r.f) ? '*' : ' '} ${r.f.padEnd(48)} ${kb(r.gzip).padStart(10)} ${kb(r.raw).padStart(11)}`)
const initialGzip = rows.filter((r) => initial.includes(r.f)).reduce((s, r) => s + r.gzip, 0)
const budget = 250 * 1024
console.log(`\nInitial JS of the login/home route (*): ${kb(initialGzip)} gzip (budget ${kb(budget)})`)
if (initialGzip > budget) {
  console.error('Initial JS is over budget.')
  process.exit(1)
}
