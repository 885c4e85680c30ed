import { useEffect, useState } from 'react'
import Form from 'react-bootstrap/Form'
import type { RuntimeServices } from '../../runtime/form'
import { parameterValues, type ProductTypeParameters } from '../../schemas/entities/test-parameter'
import type { Parameters } from '../../schemas/form-layout'

interface ProductTypeOption {
  id: number
  name: string
}

const NONE: Parameters = Object.freeze({})

/**
 * The product type whose test parameters the preview uses (issue #14.4): a layout whose limits, formulas
 * or conditions read `param.key` can be tried as each product type would see it. Without a choice the
 * parameters are unset, as for a product type that sets none.
 */
export function usePreviewParameters(services: RuntimeServices, enabled: boolean) {
  const [options, setOptions] = useState<ProductTypeOption[]>([])
  const [chosen, setChosen] = useState<number | null>(null)
  const [params, setParams] = useState<Parameters>(NONE)
  useEffect(() => {
    if (!enabled) return
    const controller = new AbortController()
    services
      .fetchJson('itr', '/api/productTypes', { signal: controller.signal })
      .then((list) => setOptions((list as ProductTypeOption[]).map(({ id, name }) => ({ id, name }))))
      .catch(() => setOptions([]))
    return () => controller.abort()
  }, [services, enabled])
  useEffect(() => {
    if (chosen == null) return setParams(NONE)
    const controller = new AbortController()
    services
      .fetchJson('meta', `/api/assetmodels/${chosen}/TestParameters`, { signal: controller.signal })
      .then((answer) => setParams(parameterValues((answer as ProductTypeParameters).resolved)))
      .catch(() => setParams(NONE))
    return () => controller.abort()
  }, [services, chosen])
  return { options, chosen, setChosen, params }
}

/** The preview's 'Test parameters of' select. */
export function PreviewParametersSelect({
  options,
  chosen,
  onChange,
}: {
  options: ProductTypeOption[]
  chosen: number | null
  onChange(id: number | null): void
}) {
  return (
    <Form.Group controlId="preview-parameters" className="mb-3" style={{ maxWidth: 420 }}>
      <Form.Label className="small mb-1">Test parameters of</Form.Label>
      <Form.Select
        size="sm"
        value={chosen ?? ''}
        onChange={(e) => onChange(e.target.value ? Number(e.target.value) : null)}
      >
        <option value="">No product type (parameters unset)</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </Form.Select>
    </Form.Group>
  )
}
