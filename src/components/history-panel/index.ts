export { HistoryPanel, type HistoryPanelProps } from './history-panel'
export { FieldDiff, showValue } from './field-diff'
export { layoutLabels } from './layout-labels'
