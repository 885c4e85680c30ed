import { DOWNLOAD_NOW_LIMIT } from '../../../../schemas/records'

/** How many records match (with the 'Download now' limit), and the progress bar while downloading. */
export function ExportMatchStatus({ matches, busy }: { matches: number | null; busy: boolean }) {
  return (
    <>
      <div className="mt-3 small" aria-live="polite">
        {matches == null
          ? null
          : matches === 1
            ? '1 record matches.'
            : `${matches.toLocaleString('en-GB')} records match.`}
        {matches != null && matches > DOWNLOAD_NOW_LIMIT && (
          <span className="text-secondary">
            {' '}
            'Download now' handles up to {DOWNLOAD_NOW_LIMIT.toLocaleString('en-GB')}; use Export.
          </span>
        )}
      </div>
      {busy && (
        // Plain markup: react-bootstrap puts aria-label on the wrapper, not on the progressbar itself.
        // Indeterminate: the server builds the workbook in one go.
        <div className="progress mt-2" style={{ height: '1.25rem' }}>
          <div
            className="progress-bar progress-bar-striped progress-bar-animated w-100"
            role="progressbar"
            aria-label="Download progress"
          >
            {matches == null
              ? 'Preparing the workbook…'
              : `Preparing ${matches.toLocaleString('en-GB')} records…`}
          </div>
        </div>
      )}
    </>
  )
}
