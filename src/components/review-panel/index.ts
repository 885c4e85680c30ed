export { ReviewPanel } from './review-panel'
