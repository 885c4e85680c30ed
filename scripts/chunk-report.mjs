// Prints the size of every built JS chunk (raw and gzip) and the JS the login/home route loads (the
// entry, its static imports, and the lazily loaded Home page with its imports), which DESIGN.md §8
// budgets at 250 KB gzip. Run by `npm run build`; exits non-zero over budget.
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const dist = path.resolve('dist')
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8'))
const gz = (file) => zlib.gzipSync(fs.readFileSync(path.join(dist, file))).length
const kb = (n) => `${(n / 1024).toFixed(1)} KB`

/** Files a manifest entry loads, following static imports. */
function closure(key, seen = new Set()) {
  const entry = manifest[key]
  if (!entry || seen.has(entry.file)) return seen
  seen.add(entry.file)
  for (const dep of entry.imports ?? []) closure(dep, seen)
  return seen
}

const homeRoute = closure('src/pages/home-page.tsx', closure('index.html'))
const rows = Object.values(manifest)
  .map((e) => e.file)
  .filter((f, i, all) => f.endsWith('.js') && all.indexOf(f) === i)
  .map((f) => ({ f, raw: fs.statSync(path.join(dist, f)).size, gzip: gz(f) }))
  .sort((a, b) => b.gzip - a.gzip)

console.log('\nJS chunks (gzip / raw), * = loaded by the login/home route:')
for (const r of rows)
  console.log(
    `  ${homeRoute.has(r.f) ? '*' : ' '} ${r.f.padEnd(52)} ${kb(r.gzip).padStart(10)} ${kb(r.raw).padStart(11)}`,
  )
const total = rows.filter((r) => homeRoute.has(r.f)).reduce((s, r) => s + r.gzip, 0)
const budget = 250 * 1024
console.log(`\nLogin/home route JS: ${kb(total)} gzip (budget ${kb(budget)})`)
if (total > budget) {
  console.error('The login/home route is over its JS budget.')
  process.exit(1)
}
