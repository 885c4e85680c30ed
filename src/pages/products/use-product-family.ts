import { useResource } from '../../api/use-resource'
import { productsApi } from './products-api'

/** What the 'filter to the product and its children' note says about the product's place in its family. */
export interface ProductFamily {
  /** The product it is a component of, if any. */
  parentId: number | null
  /** Its child product types with how many of its children each holds, e.g. Transformer Bushing: 2. */
  children: { typeId: number; name: string; count: number }[]
}

/**
 * Controller of the product family note of /Products (SPEC §2 'filter to the product and its children',
 * with SPEC §7's calls): the product's parent (Assets/parentMappings), its type's child product types
 * (AssetModels/) and, per child type, its children among that type's products (assets/bytype).
 */
export function useProductFamily(product: { id: number; assetModelId?: number } | null) {
  return useResource<ProductFamily | null>(
    async (signal) => {
      if (!product) return null
      const [{ parentId }, types] = await Promise.all([
        productsApi.parentOf(product.id, signal),
        product.assetModelId == null ? Promise.resolve([]) : productsApi.productTypes(signal),
      ])
      const childTypes = types.filter((t) => t.parent === product.assetModelId)
      const children = await Promise.all(
        childTypes.map(async (t) => ({
          typeId: t.id,
          name: t.name,
          count: (await productsApi.byType(t.id, signal)).filter((p) => p.parent === product.id).length,
        })),
      )
      return { parentId, children }
    },
    [product?.id, product?.assetModelId],
  )
}
