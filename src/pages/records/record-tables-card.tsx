import Card from 'react-bootstrap/Card'
import Table from 'react-bootstrap/Table'
import { ResultBadge } from '../../../runtime/widgets/group-result-widget'
import type { RecordTableView } from './record-tables'

/**
 * A record's measurement tables (issue #14), each as a table: row labels down, columns across, each test
 * cell with its value and result, and the table's own result in its header.
 */
export function RecordTablesCard({ tables }: { tables: readonly RecordTableView[] }) {
  return (
    <>
      {tables.map((t) => (
        <Card key={t.variable} className="shadow-sm mt-3 record-table">
          <Card.Header className="d-flex flex-wrap gap-2 align-items-center">
            <h2 className="h6 mb-0 me-auto">{t.label}</h2>
            {t.result && (
              <span aria-label={`${t.label} result`}>
                <ResultBadge result={t.result} />
              </span>
            )}
          </Card.Header>
          <Card.Body className="p-0">
            <div className="table-responsive">
              <Table size="sm" bordered className="mb-0" aria-label={t.label}>
                <thead className="table-light">
                  <tr>
                    <th scope="col">{t.rowHeader}</th>
                    {t.columns.map((c) => (
                      <th scope="col" key={c.variable}>
                        {c.label}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody>
                  {t.rows.map((row, r) => (
                    <tr key={r}>
                      <th scope="row" className="fw-normal text-nowrap">
                        {row.label}
                      </th>
                      {row.cells.map((cell, c) => (
                        <td key={t.columns[c].variable}>
                          {cell.text}
                          {cell.result && cell.result !== '-' && (
                            <ResultBadge result={cell.result} className="ms-2" />
                          )}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </Table>
            </div>
          </Card.Body>
        </Card>
      ))}
    </>
  )
}
