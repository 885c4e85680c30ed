import type { TestParameter } from '../../schemas/entities/test-parameter'
import type { Db } from '../db/client'
import { assetModelParameters } from '../db/schema/index'
import type { DemoRecordType } from './demo-layouts'
import { TAP_CHANGER, TRANSFORMER } from './demo-ids'

/**
 * Demo test parameters (issue #14.4): the 11 kV transformer's nameplate and limits; the tap changer, its
 * sub-type, inherits them and sets its own loss limit, so the product type page shows both kinds.
 */
export const DEMO_PARAMETERS: { productTypeId: number; parameters: TestParameter[] }[] = [
  {
    productTypeId: TRANSFORMER,
    parameters: [
      { key: 'nameplateRatio', value: '25.4', unit: null },
      { key: 'ratioDeviationMax', value: '0.5', unit: '%' },
      { key: 'noLoadLossMax', value: '1100', unit: 'W' },
      { key: 'equipmentClass', value: 'I', unit: null },
    ],
  },
  { productTypeId: TAP_CHANGER, parameters: [{ key: 'noLoadLossMax', value: '40', unit: 'W' }] },
]

/** A record type that serves every transformer: its limits and its deviation formula read `param`. */
export const PARAMETER_RECORD_TYPE: DemoRecordType = {
  name: 'Transformer Ratio and Loss Check',
  category: 'Test',
  capture: 'form',
  productTypes: [TRANSFORMER],
  mappings: { serialField: 'serialNumber', dateOfRecordField: 'testDate', resultField: 'result' },
  layout: {
    version: 2,
    title: 'Transformer Ratio and Loss Check',
    controls: [
      {
        type: 'note',
        label: "Limits come from the product type's test parameters; the deviation is calculated.",
      },
      {
        type: 'row',
        children: [
          {
            type: 'serial',
            variable: 'serialNumber',
            label: 'Transformer serial number',
            required: true,
            col: 6,
          },
          { type: 'datepicker', variable: 'testDate', label: 'Test date', required: true, col: 6 },
        ],
      },
      {
        type: 'group',
        variable: 'result',
        label: 'Measurements',
        children: [
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'measuredRatio',
            label: 'Measured ratio',
            min: 0,
            required: true,
          },
          {
            type: 'calculated',
            variable: 'ratioDeviation',
            label: 'Ratio deviation',
            unit: '%',
            decimals: 2,
            formula: 'abs(measuredRatio - param.nameplateRatio) / param.nameplateRatio * 100',
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'ratioDeviationTest',
            label: 'Ratio deviation within limit',
            unit: '%',
            valueFrom: 'ratioDeviation',
            maxParam: 'ratioDeviationMax',
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'noLoadLoss',
            label: 'No-load loss',
            unit: 'W',
            min: 0,
            maxParam: 'noLoadLossMax',
          },
          {
            type: 'testField',
            testType: 'numeric',
            variable: 'earthContinuity',
            label: 'Earth continuity (Class I only)',
            unit: 'Ω',
            max: 0.1,
            visibleIf: { '==': [{ var: 'param.equipmentClass' }, 'I'] },
            requiredIf: { '==': [{ var: 'param.equipmentClass' }, 'I'] },
          },
        ],
      },
    ],
  },
}

/** Stores the demo parameters. */
export async function seedParameters(db: Db): Promise<void> {
  await db
    .insert(assetModelParameters)
    .values(
      DEMO_PARAMETERS.flatMap(({ productTypeId, parameters }) =>
        parameters.map((p, position) => ({ assetModelId: productTypeId, ...p, position })),
      ),
    )
}
