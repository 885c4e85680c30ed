export { HistoryPanel, type HistoryPanelProps } from './history-panel'
export { FieldDiff, showValue, type ValueFormat } from './field-diff'
export { layoutLabels } from './layout-labels'
