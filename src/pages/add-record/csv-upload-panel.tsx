import { useId } from 'react'
import Button from 'react-bootstrap/Button'
import Card from 'react-bootstrap/Card'
import Form from 'react-bootstrap/Form'
import ProgressBar from 'react-bootstrap/ProgressBar'
import type { FormLayout } from '../../../schemas/form-layout'
import { Banner } from '../../components/banner'
import { csvTemplate, downloadText, templateFileName } from './csv-file'
import { useCsvUpload } from './use-csv-upload'

export interface CsvUploadPanelProps {
  supplierId: number | null
  productTypeId: number | null
  recordTypeId: number
  recordTypeName: string
  /** The record type's layout, whose variables make the template's header; null hides the template. */
  layout: FormLayout | null
}

/**
 * SPEC §2 CSV upload of /AddRecord: a single .csv file, a 'Download CSV template' built in the browser
 * from the layout's variables, progress while sending, then the SPEC §8 success text or every bad row.
 */
export function CsvUploadPanel(props: CsvUploadPanelProps) {
  const inputId = useId()
  const csv = useCsvUpload(props)
  const { layout } = props

  return (
    <Card className="mb-3" aria-label="CSV upload">
      <Card.Body>
        <Card.Title as="h2" className="h5">
          Upload a CSV file
        </Card.Title>
        <Card.Text className="text-secondary small">
          The first row names the columns with the form&apos;s variable names; each further row is one record.
        </Card.Text>
        <div className="d-flex flex-wrap align-items-end gap-3">
          <Form.Group controlId={inputId} className="flex-grow-1">
            <Form.Label>CSV file</Form.Label>
            <Form.Control
              type="file"
              accept=".csv"
              disabled={csv.status === 'pending'}
              onChange={(e) => {
                const input = e.currentTarget as HTMLInputElement
                const file = input.files?.[0]
                if (file) void csv.upload(file)
                // Cleared so choosing the same (corrected) file again uploads it again.
                input.value = ''
              }}
            />
          </Form.Group>
          {layout && (
            <Button
              variant="outline-secondary"
              onClick={() => downloadText(csvTemplate(layout), templateFileName(props.recordTypeName))}
            >
              Download CSV template
            </Button>
          )}
        </div>
        {csv.status === 'pending' && (
          <div className="mt-3">
            <div className="small mb-1">Uploading {csv.fileName}…</div>
            <ProgressBar now={csv.progress} label={`${csv.progress}%`} aria-label="Upload progress" />
          </div>
        )}
        <div className="mt-3">
          <Banner variant="success" message={csv.status === 'done' ? csv.message : null} />
          <Banner variant="error" message={csv.status === 'error' ? csv.message : null} />
        </div>
        {csv.status === 'error' && csv.rowErrors.length > 0 && (
          <div
            className="csv-row-errors border rounded p-2"
            style={{ maxHeight: '20rem', overflowY: 'auto' }}
          >
            <h3 className="h6">
              {csv.rowErrors.length === 1
                ? `1 row of ${csv.fileName} needs fixing`
                : `${csv.rowErrors.length} rows of ${csv.fileName} need fixing`}
            </h3>
            <ul className="list-unstyled mb-0" aria-label="Rows with errors">
              {csv.rowErrors.map((row, i) => (
                <li key={`${row.line}-${i}`} className="py-1 border-top">
                  <strong>Line {row.line}:</strong> {row.reason}
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card.Body>
    </Card>
  )
}
