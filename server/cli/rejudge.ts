import { rejudgeRecords } from '../submissions/rejudge'
import { openConfiguredDatabase } from './open'

/**
 * `npm run rejudge -- [--dry-run | --apply]`: recomputes every stored record's verdict against its own
 * layout revision (issue #12) and lists those whose stored verdict differs. The default is a dry run;
 * `--apply` corrects them, each correction in the audit trail as the user 'rejudge'.
 */
const args = process.argv.slice(2)
const unknown = args.filter((a) => a !== '--apply' && a !== '--dry-run')
if (unknown.length || (args.includes('--apply') && args.includes('--dry-run'))) {
  console.error('Usage: npm run rejudge -- [--dry-run | --apply]')
  process.exit(2)
}
const apply = args.includes('--apply')
const database = await openConfiguredDatabase()
try {
  const report = await rejudgeRecords(database.db, { apply, actor: { username: 'rejudge', view: 'cli' } })
  for (const f of report.findings) {
    console.log(
      `Record ${f.recordId} (${f.recordType}, ${f.serial || 'no serial'}, layout revision ${f.layoutRevision ?? '-'}): stored ${f.storedResult}, judged ${f.judgedResult}`,
    )
    for (const problem of f.problems) console.log(`  ${problem}`)
  }
  const verb = apply ? 'corrected' : 'differ (dry run: nothing changed; --apply corrects them)'
  console.log(`${report.checked} records checked; ${report.findings.length} ${verb}.`)
} finally {
  await database.close()
}
