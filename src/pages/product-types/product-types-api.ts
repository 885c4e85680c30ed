import { api } from '../../api/client'
import { ATTRIBUTE_KEYS } from '../../../schemas/entities/attribute'
import type { DataPointTypeListItem } from '../../../schemas/entities/data-point-type'
import type {
  Mapping,
  ProductType,
  ProductTypeListItem,
  ProductTypeWrite,
} from '../../../schemas/entities/product-type'
import type { ProductTypeParameters, TestParameter } from '../../../schemas/entities/test-parameter'

/** The product type calls of SPEC §7 the product type screens make. */
export const productTypesApi = {
  list: (signal?: AbortSignal) => api.get<ProductTypeListItem[]>('itr', '/api/productTypes', { signal }),
  get: (id: number, signal?: AbortSignal) =>
    api.get<ProductType>('meta', `/api/assetmodels/${id}`, { signal }),
  parentMappings: (id: number, signal?: AbortSignal) =>
    api.get<Mapping[]>('meta', `/api/AssetModels/ParentMappings/${id}`, { signal }),
  recordTypes: (signal?: AbortSignal) =>
    api.get<DataPointTypeListItem[]>('meta', '/api/datapointtypes/', { signal }),
  create: (body: ProductTypeWrite) => api.post<number>('meta', '/api/assetmodels/', body),
  update: (id: number, body: ProductTypeWrite) => api.put<void>('meta', `/api/assetmodels/${id}`, body),
  delete: (id: number) => api.delete<void>('meta', `/api/assetmodels/${id}`),
  setParent: (parent: number, id: number) =>
    api.post<number>('meta', `/api/assetmodels/${parent}/child/assetmodels/${id}`),
  /** Removes the parent mapping, addressed by the original mapping's subject id. */
  removeParent: (parent: number, subjectId: number) =>
    api.delete<void>('meta', `/api/assetmodels/${parent}/child/assetmodels/${subjectId}`),
  /** SPEC §7 DELETE {meta}/api/Mapping: removes the loaded parent mapping when the parent is replaced. */
  deleteMapping: (mapping: Mapping) =>
    api.delete<void>('meta', '/api/Mapping', {
      subjectTableName: mapping.subjectTableName,
      subjectId: mapping.subjectId,
      parentTableName: mapping.parentTableName,
      parentId: mapping.parentId,
    }),
  setRecordTypes: (id: number, ids: number[]) =>
    api.put<void>('itr', `/api/ProductTypes/${id}/RecordTypes`, ids),
  addNoPrefix: (id: number) =>
    api.post<void>('meta', `/api/AssetModels/Attributes/${id}`, {
      key: ATTRIBUTE_KEYS.noSerialNumberPrefix,
      description: 'Product type missing serial number prefix',
      value: 'true',
    }),
  /** The product type's own test parameters and the resolved ones (issue #14.4). */
  parameters: (id: number, signal?: AbortSignal) =>
    api.get<ProductTypeParameters>('meta', `/api/assetmodels/${id}/TestParameters`, { signal }),
  setParameters: (id: number, rows: TestParameter[]) =>
    api.put<void>('meta', `/api/assetmodels/${id}/TestParameters`, rows),
  removeNoPrefix: (id: number) =>
    api.delete<void>('meta', `/api/AssetModels/Attributes/${id}/${ATTRIBUTE_KEYS.noSerialNumberPrefix}`),
}
