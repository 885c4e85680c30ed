import Button from 'react-bootstrap/Button'
import { RecordForm } from '../../../runtime/form'
import { Banner } from '../../components/banner'
import { PageHeader } from '../../components/page-header'
import { PageState } from '../../components/page-state'
import { HistoryPanel, layoutLabels } from '../../components/history-panel'
import { ReviewPanel } from '../../components/review-panel'
import { DataEntryActions } from './data-entry-actions'
import { ResultIcon } from './result-icon'
import { SerialChecks } from './serial-checks'
import { UploadSummary } from './upload-summary'
import { useDataEntry } from './use-data-entry'
import { ParametersUsed } from '../../components/parameters-used'
import { EquipmentUsed } from '../../components/equipment-used'
import { DraftKept, DraftOffer } from './draft-offer'
import { noticeVariant } from './data-entry-load'
import { usePrintText } from './use-print-text'

/**
 * /DataEntry (SPEC §2): the record type's form titled by its layout, the pass/fail icon for Test records,
 * Lock Items, Save/Cancel (or Close/Edit for an existing record), then the 'Upload Complete' summary.
 */
export default function DataEntryPage() {
  const c = useDataEntry()
  // The read-only form prints long text whole (audit walk-cert F5).
  const printTextBox = usePrintText(c.readOnly)

  if (c.summary) {
    return (
      <UploadSummary
        summary={c.summary}
        onFinish={c.finish}
        onAddDuplicate={c.addDuplicate}
        onAddNew={c.addNew}
      />
    )
  }

  return (
    <PageState loading={c.loading} error={c.loadError}>
      {c.layout && (
        <>
          <PageHeader
            title={
              <span className="d-inline-flex flex-wrap align-items-center gap-3">
                <span>{c.title || c.recordType?.name}</span>
                {c.result && <ResultIcon result={c.result} />}
                {c.existing && c.layoutRevision != null && (
                  <span className="fs-6 fw-normal text-secondary">
                    judged by layout revision {c.layoutRevision}
                  </span>
                )}
              </span>
            }
          >
            {!c.readOnly && (
              <Button
                variant={c.locked ? 'warning' : 'outline-secondary'}
                aria-pressed={c.locked}
                onClick={c.toggleLocked}
              >
                {c.locked ? 'Unlock Items' : 'Lock Items'}
              </Button>
            )}
          </PageHeader>
          {c.editing && c.category !== 'Problem Report' && (
            <p className="text-secondary small">
              Saving stores a new record; the original record is kept unchanged.
            </p>
          )}
          <DraftOffer offer={c.draft.offer} onRestore={c.draft.restore} onDiscard={c.draft.discard} />
          <SerialChecks checks={c.serialChecks} labelOf={c.labelOf} />
          <Banner variant={noticeVariant(c.notice)} message={c.notice} />
          <div ref={c.errorBox}>
            <Banner variant="error" message={c.error} onClose={c.dismissError} />
          </div>
          <div ref={printTextBox}>
            <RecordForm
              ref={c.formRef}
              layout={c.layout}
              value={c.value}
              onChange={c.onChange}
              readOnly={c.readOnly}
              locked={c.locked}
              services={c.services}
              errors={c.fieldErrors}
              params={c.params}
              calibration={c.calibration}
            />
          </div>
          <ParametersUsed parameters={c.parameters} />
          {c.readOnly && <EquipmentUsed snapshots={c.equipmentUsed} />}
          <DataEntryActions
            readOnly={c.readOnly}
            saving={c.saving}
            onEdit={c.edit}
            onClose={c.close}
            onSave={() => void c.save()}
            onCancel={c.cancel}
            recordId={c.recordId}
            kept={<DraftKept keptAt={c.draft.keptAt} />}
          />
          {c.readOnly && <ReviewPanel recordId={c.recordId} revision={c.revision} />}
          {c.readOnly && (
            <HistoryPanel
              entity="record"
              id={c.recordId}
              labels={layoutLabels(c.layout)}
              format={c.historyValue}
            />
          )}
        </>
      )}
    </PageState>
  )
}
