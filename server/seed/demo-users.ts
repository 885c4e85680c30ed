import type { Claims, RoleView } from '../../schemas/roles'

/** One demo login per role view (and a reviewer and an approver), printed at start. Change or disable them with `npm run user`. */
export interface DemoLogin {
  view: RoleView
  username: string
  password: string
  email: string
  claims: (ids: DemoIds) => Claims
}

/** Ids of seeded reference rows the demo users' claims point at. */
export interface DemoIds {
  supplierId: number
}

export const DEMO_LOGINS: DemoLogin[] = [
  {
    view: 'viewAll',
    username: 'admin',
    password: 'admin-demo',
    email: 'admin@itr.example',
    claims: () => ({ IsAdmin: true }),
  },
  {
    view: 'configurator',
    username: 'configurator',
    password: 'configurator-demo',
    email: 'configurator@itr.example',
    claims: () => ({ ITRConfigurator: true }),
  },
  {
    view: 'internal',
    username: 'internal',
    password: 'internal-demo',
    email: 'internal@itr.example',
    claims: () => ({ ITRInternalUser: true, ITRSubmitter: true, ITRViewer: [1, 2, 3, 4] }),
  },
  {
    view: 'supplier',
    username: 'supplier',
    password: 'supplier-demo',
    email: 'supplier@itr.example',
    claims: (ids) => ({ AssetManufacturerView: ids.supplierId, ITRSubmitter: true, ITRViewer: [1] }),
  },
  // Issue #19: a reviewer and an approver, internal users who read every category.
  {
    view: 'internal',
    username: 'reviewer',
    password: 'reviewer-demo',
    email: 'reviewer@itr.example',
    claims: () => ({ ITRInternalUser: true, ITRReviewer: true, ITRViewer: [1, 2, 3, 4] }),
  },
  {
    view: 'internal',
    username: 'approver',
    password: 'approver-demo',
    email: 'approver@itr.example',
    claims: () => ({ ITRInternalUser: true, ITRApprover: true, ITRViewer: [1, 2, 3, 4] }),
  },
]
