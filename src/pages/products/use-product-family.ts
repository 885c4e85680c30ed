import { useResource } from '../../api/use-resource'
import { productsApi } from './products-api'

/** What the 'filter to the product and its children' note says about the product's place in its family. */
export interface ProductFamily {
  /** The product it is a component of, if any. */
  parentId: number | null
  /** Its child product types that hold any of its children, with how many, e.g. Transformer Bushing: 2. */
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
      // Child types without any of its children say nothing about this product.
      return { parentId, children: children.filter((c) => c.count > 0) }
    },
    [product?.id, product?.assetModelId],
  )
}
