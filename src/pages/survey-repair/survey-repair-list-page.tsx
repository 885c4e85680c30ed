import { useMemo, useState } from 'react'
import Button from 'react-bootstrap/Button'
import { useAtomValue } from 'jotai'
import { useNavigate } from 'react-router-dom'
import { DataGrid } from '../../../runtime/grid'
import type { FaultRepairTypeListItem } from '../../../schemas/entities/fault-repair'
import { MESSAGES } from '../../../schemas/messages'
import { CONFIGURE_VIEWS } from '../../../schemas/roles'
import { describeError } from '../../api/client'
import { useResource } from '../../api/use-resource'
import { Banner } from '../../components/banner'
import { ConfirmDialog } from '../../components/confirm-dialog'
import { PageHeader } from '../../components/page-header'
import { useSuccessQuery } from '../../components/success-query'
import { sessionAtom } from '../../session/session-atoms'
import { surveyRepairApi } from './survey-repair-api'
import { surveyRepairColumns } from './survey-repair-columns'
import { useSurveyRepairBase } from './survey-repair-routes'

type Entry = FaultRepairTypeListItem

/** Survey/repair types: items (Name, Product Type) or descriptives (ID, Name, Survey/Repair), edit and delete. */
export default function SurveyRepairListPage() {
  const base = useSurveyRepairBase()
  const navigate = useNavigate()
  const view = useAtomValue(sessionAtom)?.view ?? 'none'
  const canWrite = CONFIGURE_VIEWS.includes(view)
  const added = useSuccessQuery('Successfully added new survey/repair type')
  const list = useResource((signal) => surveyRepairApi.list(signal), [])
  const [showDescriptives, setShowDescriptives] = useState(false)
  const [deleting, setDeleting] = useState<Entry | null>(null)
  const [notice, setNotice] = useState<{ variant: 'success' | 'error'; text: string } | null>(null)

  const kind = showDescriptives ? 'Descriptive' : 'Item'
  const rows = useMemo(() => (list.data ?? []).filter((e) => e.faultRepairType === kind), [list.data, kind])

  const columns = useMemo(
    () => surveyRepairColumns({ showDescriptives, base, canWrite, onDelete: setDeleting }),
    [showDescriptives, base, canWrite],
  )

  const remove = async () => {
    const e = deleting
    setDeleting(null)
    if (!e) return
    try {
      if (e.faultRepairType === 'Item') await surveyRepairApi.removeItem(e.productTypeId!, e.name)
      else await surveyRepairApi.deleteDescriptive(e.descriptiveType!, e.id, e.name)
      setNotice({ variant: 'success', text: MESSAGES.surveyRepair.deleted })
      list.reload()
    } catch (err) {
      setNotice({ variant: 'error', text: describeError(err) })
    }
  }

  return (
    <>
      <PageHeader title="Survey/Repair Types">
        <Button variant="outline-primary" onClick={() => setShowDescriptives((s) => !s)}>
          {showDescriptives ? 'Show Items' : 'Show Descriptives'}
        </Button>
        {canWrite && (
          <Button onClick={() => navigate(`${base}/New?type=${showDescriptives ? 'fdesc' : 'item'}`)}>
            Add new Survey/Repair type
          </Button>
        )}
      </PageHeader>
      <Banner variant="success" message={notice ? null : added} />
      <Banner variant={notice?.variant ?? 'error'} message={notice?.text} onClose={() => setNotice(null)} />
      <Banner variant="error" message={list.error ? describeError(list.error) : null} />
      <h2 className="h5">{showDescriptives ? 'Descriptives' : 'Items'}</h2>
      <DataGrid
        key={kind}
        label={showDescriptives ? 'Survey/Repair descriptives' : 'Survey/Repair items'}
        columns={columns}
        data={rows}
        loading={list.loading}
        loadFailed={Boolean(list.error)}
        onRetry={list.reload}
        getRowId={(e) => `${e.faultRepairType}-${e.id}`}
        emptyText={showDescriptives ? 'No descriptives yet.' : 'No items yet.'}
      />
      <ConfirmDialog
        question={
          deleting && `Delete survey/repair ${deleting.faultRepairType.toLowerCase()} ${deleting.name}?`
        }
        onConfirm={() => void remove()}
        onCancel={() => setDeleting(null)}
      />
    </>
  )
}
