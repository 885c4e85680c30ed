export { ReviewPanel } from './review-panel'
export { SupersededNotice } from './superseded-notice'
